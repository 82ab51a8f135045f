// Saving one language of a post: the translation row and a new revision of it, inside
// the caller's transaction. Shared by createPost and saveTranslation.
import type { Transaction } from 'kysely';
import { readingMinutes } from '@/core/content/reading-time';
import type { Translation, TranslationState } from '@/core/content/types';
import { AppError } from '@/core/errors/app-error';
import type { Locale } from '@/i18n/routing';
import type { Database } from '../schema';
import { rejectNul, requireText } from './check-text';
import { toTranslation } from './map-rows';

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
  options: { basedOnRevisionId: number | null; state: TranslationState | undefined; nowIso: string; authorUserId?: string | null },
): Promise<Translation> {
  rejectNul({ ...fields });
  const values = {
    slug: requireText(fields.slug, 'slug'),
    title: requireText(fields.title, 'title'),
    excerpt: fields.excerpt ?? '',
    body: fields.body,
    seo_title: fields.seoTitle ?? null,
    seo_description: fields.seoDescription ?? null,
    reading_minutes: readingMinutes(fields.body),
    based_on_revision_id: options.basedOnRevisionId,
    updated_at: options.nowIso,
  };
  const existing = await trx
    .selectFrom('post_translations')
    .select(['id', 'state'])
    .where('post_id', '=', postId)
    .where('locale', '=', locale)
    .executeTakeFirst();

  let id: number;
  if (existing) {
    id = existing.id;
    await trx
      .updateTable('post_translations')
      .set({ ...values, state: options.state ?? existing.state })
      .where('id', '=', id)
      .execute();
  } else {
    // revision_id stays null for the moment between this insert and the revision's.
    const inserted = await trx
      .insertInto('post_translations')
      .values({ ...values, post_id: postId, locale, state: options.state ?? 'draft', revision_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = inserted.id;
  }

  const revision = await trx
    .insertInto('revisions')
    .values({
      translation_id: id,
      title: values.title,
      excerpt: values.excerpt,
      body: values.body,
      created_at: options.nowIso,
      author_user_id: options.authorUserId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await trx
    .updateTable('post_translations')
    .set({ revision_id: revision.id })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTranslation(row);
}
