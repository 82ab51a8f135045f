// The one place a text becomes public or stops being public: copying a language's draft
// (or one of its revisions) to `live_translations`, and removing it from there. The
// publishing use cases (db/publishing/apply-plan.ts) and the writers of imports and the
// demo (db/publishing/publish-directly.ts) call these inside their transaction; nothing
// else writes the live table, so "nothing a reader sees changes without a publish" holds
// by construction. What the change means (events, webhooks) is decided by the callers.
// A draft whose revision is the one live keeps no rendering of its own (its html, blocks
// and body_text are null): readers take the live text's (shared-rendering.ts), so a
// published text's rendering is stored once. goLive and goOffline keep that true. The live
// row keeps no copy of its Markdown either: its revision holds it (live-body.ts).
import { sql, type Transaction } from 'kysely';
import type { RenderedDocument } from '@/core/markdown/render-document';
import { AppError } from '@/core/errors/app-error';
import type { Database } from '../schema';
import { unpackText, type StoredText } from '../stored-text';
import { draftBody, storedBody } from './live-body';
import { pickTranslationText } from './map-rows';
import { sharedRenderColumns } from './shared-rendering';
import { refreshPostMemory, type CutBlocks } from './translation-memory-store';
import { renderColumns } from './write-translation';

export interface GoLiveOptions {
  nowIso: string;
  /**
   * Publish this revision of the draft instead of its current text (a review approved,
   * a schedule): its title, excerpt and body, and its slug and search fields when it kept
   * them. Its rendering must come with it, since only the current draft's is stored.
   */
  revision?: { id: number; rendered: RenderedDocument };
  /** The texts' Markdown blocks the caller's renderings brought (RenderedDocument.markdownBlocks), for the memory. */
  cut?: CutBlocks;
}

/** Copies the draft (or the given revision of it) to the live table; returns the live revision id. */
export async function goLive(trx: Transaction<Database>, translationId: number, options: GoLiveOptions): Promise<number> {
  const draft = await trx.selectFrom('post_translations').selectAll().select(draftBody().as('draft_body')).where('id', '=', translationId).executeTakeFirst();
  if (!draft || draft.revision_id === null) throw new AppError('NOT_FOUND', 'There is no such translation to publish.');
  // Already live and sharing its rendering: that rendering goes live again with it.
  const shared =
    draft.html === null
      ? await trx.selectFrom('live_translations').select(['html', 'blocks', 'body_text', 'derived_excerpt']).where('translation_id', '=', translationId).where('revision_id', '=', draft.revision_id).executeTakeFirst()
      : undefined;
  let text = {
    revision_id: draft.revision_id,
    ...pickTranslationText({ ...draft, body: unpackText(draft.draft_body) }),
    reading_minutes: draft.reading_minutes,
    html: shared?.html ?? draft.html,
    blocks: shared?.blocks ?? draft.blocks,
    body_text: shared?.body_text ?? draft.body_text,
    derived_excerpt: shared?.derived_excerpt ?? draft.derived_excerpt,
    render_version: draft.render_version,
  };
  if (options.revision && options.revision.id !== draft.revision_id) {
    const revision = await trx
      .selectFrom('revisions')
      .selectAll()
      .where('id', '=', options.revision.id)
      .where('translation_id', '=', translationId)
      .executeTakeFirst();
    if (!revision) throw new AppError('NOT_FOUND', 'That revision is not one of this translation’s.', { fields: { revisionId: ['Not a revision of this text.'] } });
    text = {
      revision_id: revision.id,
      slug: revision.slug ?? draft.slug,
      title: revision.title,
      excerpt: revision.excerpt,
      body: unpackText(revision.body),
      seo_title: revision.slug === null ? draft.seo_title : revision.seo_title,
      seo_description: revision.slug === null ? draft.seo_description : revision.seo_description,
      reading_minutes: options.revision.rendered.readingMinutes,
      ...renderColumns(options.revision.rendered),
    };
  }
  const taken = await trx
    .selectFrom('live_translations')
    .select('translation_id')
    .where('locale', '=', draft.locale)
    .where('slug', '=', text.slug)
    .where('translation_id', '<>', translationId)
    .executeTakeFirst();
  if (taken) {
    throw new AppError('CONFLICT', `Another published text in this language already lives at “${text.slug}”.`, {
      fields: { slug: ['This address is taken by another published text: choose another slug.'] },
      reason: 'slug-taken',
    });
  }
  const body = await storedLiveBody(trx, text, options.revision !== undefined && options.revision.id !== draft.revision_id);
  const live = { ...text, body, based_on_revision_id: draft.based_on_revision_id, updated_at: options.nowIso };
  await trx
    .insertInto('live_translations')
    .values({ ...live, translation_id: translationId, post_id: draft.post_id, locale: draft.locale, published_at: options.nowIso })
    .onConflict((oc) => oc.column('translation_id').doUpdateSet(live))
    .execute();
  // The draft's own rendering is now the live one's: stored once, there. A draft that
  // shared the rendering being replaced (another revision goes live) takes a copy back.
  const draftState =
    text.revision_id === draft.revision_id
      ? { state: 'published', ...sharedRenderColumns }
      : { state: 'published', ...(shared ? { html: shared.html, blocks: shared.blocks, body_text: shared.body_text, derived_excerpt: shared.derived_excerpt } : {}) };
  await trx.updateTable('post_translations').set(draftState).where('id', '=', translationId).execute();
  await trx
    .updateTable('posts')
    .set((eb) => ({ status: 'published', published_at: eb.fn.coalesce('published_at', sql.lit(options.nowIso)) }))
    .where('id', '=', draft.post_id)
    .execute();
  const revisionBlocks = options.revision?.rendered.markdownBlocks;
  const cut = revisionBlocks ? new Map([...(options.cut ?? []), [text.body, revisionBlocks]]) : options.cut;
  await refreshPostMemory(trx, draft.post_id, cut);
  return text.revision_id;
}

/**
 * What the live row keeps in `body` (live-body.ts): '' when its revision holds the same
 * Markdown. A revision published as such does by construction; a draft does too, since
 * every save writes the draft and its new revision from one set of values and a reset
 * copies the live text with its revision, but a draft is compared with its revision all
 * the same, so a row written any other way keeps its own text rather than show another.
 */
async function storedLiveBody(trx: Transaction<Database>, text: { revision_id: number; body: string }, isRevision: boolean): Promise<StoredText> {
  if (isRevision) return '';
  const revision = await trx.selectFrom('revisions').select('body').where('id', '=', text.revision_id).executeTakeFirst();
  return storedBody(text.body, revision && unpackText(revision.body));
}

/** Takes one language off the site; the post becomes a draft when no language is left. */
export async function goOffline(trx: Transaction<Database>, translationId: number, cut?: CutBlocks): Promise<void> {
  // A draft that shared the live rendering takes its own copy back before the live text goes.
  await trx
    .updateTable('post_translations as t')
    .set((eb) => {
      const live = eb.selectFrom('live_translations as l').whereRef('l.translation_id', '=', 't.id').whereRef('l.revision_id', '=', 't.revision_id');
      return { html: live.select('l.html'), blocks: live.select('l.blocks'), body_text: live.select('l.body_text'), derived_excerpt: live.select('l.derived_excerpt') };
    })
    .where('t.id', '=', translationId)
    .where('t.html', 'is', null)
    .execute();
  const removed = await trx.deleteFrom('live_translations').where('translation_id', '=', translationId).returning(['post_id']).executeTakeFirst();
  await trx.updateTable('post_translations').set({ state: 'draft' }).where('id', '=', translationId).execute();
  if (!removed) return;
  const remaining = await trx.selectFrom('live_translations').select('translation_id').where('post_id', '=', removed.post_id).executeTakeFirst();
  if (!remaining) await trx.updateTable('posts').set({ status: 'draft' }).where('id', '=', removed.post_id).execute();
  await refreshPostMemory(trx, removed.post_id, cut);
}
