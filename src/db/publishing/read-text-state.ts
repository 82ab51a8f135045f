// Reads one language of a post as the publishing use cases decide from it
// (core/publishing/text-state.ts). Inside a transaction that will apply a plan, the draft
// row is locked on PostgreSQL (FOR UPDATE), so a concurrent action on the same language
// waits and then sees what this one did; SQLite serialises writers already.
import type { Kysely } from 'kysely';
import type { ReviewState } from '@/core/content/editorial-status';
import type { RenderedDocument } from '@/core/markdown/render-document';
import { findForeignImages } from '@/core/publishing/foreign-images';
import type { TextState } from '@/core/publishing/text-state';
import { isLocale, otherLocale, type Locale } from '@/core/locales';
import type { Database } from '../schema';
import { isPostgres } from '../dialect';
import { unpackText } from '../stored-text';

export interface ReadOptions {
  /** Lock the draft row (PostgreSQL) for the rest of the caller's transaction. */
  lock?: boolean;
  /** The site's origin: images from it are the site's own. Without it, only relative addresses are. */
  siteOrigin?: string;
  /** A revision other than the draft's, rendered for this action (what it would show). */
  rendered?: { id: number; rendered: RenderedDocument };
}

/** Images from another site in `html`; without an origin every absolute address counts. */
export function foreignImagesIn(html: string, siteOrigin: string | undefined): string[] {
  return findForeignImages(html, siteOrigin ?? 'invalid:');
}

export async function readTextState(db: Kysely<Database>, postId: number, locale: Locale, options: ReadOptions = {}): Promise<TextState | null> {
  const post = await db.selectFrom('posts').select('source_locale').where('id', '=', postId).executeTakeFirst();
  if (!post || !isLocale(post.source_locale)) return null;
  const draft = await db
    .selectFrom('post_translations as t')
    .select(['t.id', 't.revision_id', 't.based_on_revision_id', 't.publish_at', 't.scheduled_revision_id'])
    // A draft published as it is shares the live rendering (shared-rendering.ts). A
    // subquery, not a join: the row is locked FOR UPDATE, which an outer join refuses.
    .select((eb) =>
      eb.fn
        .coalesce('t.html', eb.selectFrom('live_translations as l').select('l.html').whereRef('l.translation_id', '=', 't.id').whereRef('l.revision_id', '=', 't.revision_id'))
        .as('html'),
    )
    .where('t.post_id', '=', postId)
    .where('t.locale', '=', locale)
    .$call((qb) => (options.lock && isPostgres(db) ? qb.forUpdate() : qb))
    .executeTakeFirst();
  if (!draft || draft.revision_id === null) return null;
  const sourceLocale = post.source_locale;
  const [live, review, other] = await Promise.all([
    db.selectFrom('live_translations').select(['revision_id', 'based_on_revision_id', 'slug', 'title']).where('translation_id', '=', draft.id).executeTakeFirst(),
    db
      .selectFrom('review_requests')
      .select(['id', 'state', 'revision_id', 'submitted_revision_id'])
      .where('translation_id', '=', draft.id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    // The other language: for a translation its source as readers see it; for the source, the translation's base.
    db
      .selectFrom('post_translations as t')
      .leftJoin('live_translations as l', 'l.translation_id', 't.id')
      .select(['t.based_on_revision_id as draft_base', 'l.based_on_revision_id as live_base', 'l.revision_id as live_revision'])
      .where('t.post_id', '=', postId)
      .where('t.locale', '=', otherLocale(locale))
      .where('t.revision_id', 'is not', null)
      .executeTakeFirst(),
  ]);
  const foreignImages = new Map<number, readonly string[]>();
  // A text stored before renderings were kept has none: it is rendered before it may go live.
  if (draft.html !== null) foreignImages.set(draft.revision_id, foreignImagesIn(unpackText(draft.html), options.siteOrigin));
  if (options.rendered) foreignImages.set(options.rendered.id, foreignImagesIn(options.rendered.rendered.html, options.siteOrigin));
  const isLive = other?.live_revision !== null && other?.live_revision !== undefined;
  return {
    postId,
    locale,
    sourceLocale,
    translationId: draft.id,
    draft: { revisionId: draft.revision_id, basedOnRevisionId: draft.based_on_revision_id, publishAt: draft.publish_at, scheduledRevisionId: draft.scheduled_revision_id },
    live: live ? { revisionId: live.revision_id, basedOnRevisionId: live.based_on_revision_id, slug: live.slug, title: live.title } : null,
    review: review
      ? { id: review.id, state: review.state as ReviewState, revisionId: review.revision_id, submittedRevisionId: review.submitted_revision_id ?? review.revision_id }
      : null,
    sourceLiveRevisionId: locale === sourceLocale ? null : (other?.live_revision ?? null),
    translation: locale === sourceLocale && other ? { basedOnRevisionId: isLive ? (other.live_base ?? null) : other.draft_base, isLive } : null,
    foreignImages,
  };
}
