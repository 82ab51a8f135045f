// Saving one language of a post's draft: the translation row and a new revision of it,
// inside the caller's transaction. Never public by itself: publishing copies the draft
// to the live table (live-translation.ts). Shared by createPost, saveTranslation and the
// Studio's saveDraft.
import type { Transaction } from 'kysely';
import type { Translation } from '@/core/content/types';
import type { RenderedDocument } from '@/core/markdown/render-document';
import { AppError } from '@/core/errors/app-error';
import { encodeStoredBlocks } from '@/core/markdown/stored-blocks';
import type { Locale } from '@/core/locales';
import type { Database } from '../schema';
import { packPlainText, packText } from '../stored-text';
import { rejectNul, requireText } from './check-text';
import { pickTranslationText, toTranslation, translationColumns } from './map-rows';

export interface TranslationFields {
  slug: string;
  title: string;
  excerpt?: string;
  /** Markdown source. */
  body: string;
  seoTitle?: string | null;
  seoDescription?: string | null;
}

/** A translation can only be based on a revision of the same post in another language. */
export async function assertSourceRevision(trx: Transaction<Database>, postId: number, locale: Locale, revisionId: number) {
  const source = await trx
    .selectFrom('revisions')
    .innerJoin('post_translations', 'post_translations.id', 'revisions.translation_id')
    .select(['post_translations.post_id', 'post_translations.locale'])
    .where('revisions.id', '=', revisionId)
    .executeTakeFirst();
  if (!source || source.post_id !== postId || source.locale === locale) {
    throw new AppError('VALIDATION', 'A translation can only be based on a revision of this post in another language.', {
      fields: { basedOnRevisionId: ['Not a revision of this post in the other language.'] },
    });
  }
}

export async function writeTranslation(
  trx: Transaction<Database>,
  postId: number,
  locale: Locale,
  fields: TranslationFields,
  options: {
    basedOnRevisionId: number | null;
    nowIso: string;
    authorUserId?: string | null;
    /** The body rendered before the transaction began (server/render keeps it off the request thread). */
    rendered: RenderedDocument;
  },
): Promise<Translation> {
  rejectNul({ ...fields });
  const values = {
    slug: requireText(fields.slug, 'slug'),
    title: requireText(fields.title, 'title'),
    excerpt: fields.excerpt ?? '',
    // The revision below holds the Markdown; the draft keeps the marker (live-body.ts).
    body: '',
    seo_title: fields.seoTitle ?? null,
    seo_description: fields.seoDescription ?? null,
    reading_minutes: options.rendered.readingMinutes,
    ...renderColumns(options.rendered),
    based_on_revision_id: options.basedOnRevisionId,
    updated_at: options.nowIso,
  };
  const existing = await trx
    .selectFrom('post_translations')
    .select(['id'])
    .where('post_id', '=', postId)
    .where('locale', '=', locale)
    .executeTakeFirst();

  let id: number;
  if (existing) {
    id = existing.id;
    await trx
      .updateTable('post_translations')
      .set(values)
      .where('id', '=', id)
      .execute();
  } else {
    // revision_id stays null for the moment between this insert and the revision's.
    const inserted = await trx
      .insertInto('post_translations')
      .values({ ...values, post_id: postId, locale, state: 'draft', revision_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = inserted.id;
  }

  const revision = await trx
    .insertInto('revisions')
    .values({
      translation_id: id,
      ...pickTranslationText({ ...values, body: '' }),
      body: packText(fields.body),
      created_at: options.nowIso,
      author_user_id: options.authorUserId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await trx
    .updateTable('post_translations')
    .set({ revision_id: revision.id })
    .where('id', '=', id)
    .returning(translationColumns)
    .executeTakeFirstOrThrow();
  return toTranslation({ ...row, body: fields.body });
}

/** The stored-render columns of a translation row, its HTML and plain text packed (db/stored-text.ts), the text against the HTML. */
export function renderColumns(rendered: RenderedDocument) {
  return {
    html: packText(rendered.html),
    blocks: encodeStoredBlocks(rendered.html, rendered.blocks),
    body_text: packPlainText(rendered.plainText, rendered.html),
    derived_excerpt: rendered.derivedExcerpt,
    render_version: rendered.renderVersion,
  };
}
