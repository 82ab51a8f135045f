// What the Admin API answers, as zod schemas: the handlers build their answers through
// these types, and the OpenAPI document is generated from the same schemas.
import { z } from 'zod';
import { apiErrorSchema, component } from '@/core/openapi/components';
import type { StudioPost } from '@/db/repositories/studio-repository';
import { locales, type Locale } from '@/core/locales';

const locale = z.enum(locales);
const editorialStatus = z.enum(['missing', 'draft', 'review', 'scheduled', 'changes', 'published', 'outdated']);

/** One language's working draft, as the Studio's editor has it. */
export const draftTranslationSchema = component('DraftTranslation', z.object({
  id: z.number().int(),
  postId: z.number().int(),
  locale,
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  body: z.string().describe('Markdown source.'),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  state: z.enum(['draft', 'published']),
  readingMinutes: z.number().int(),
  revisionId: z.number().int().describe('Send it back as expectedRevisionId with the next save.'),
  basedOnRevisionId: z.number().int().nullable().describe('For a translation: the source revision it was made from.'),
  updatedAt: z.string(),
}));

const languageSchema = z.object({
  status: editorialStatus,
  live: z.object({ slug: z.string(), publishedAt: z.string(), revisionId: z.number().int() }).nullable(),
  publishAt: z.string().nullable(),
});

export const adminPostSchema = component('AdminPost', z.object({
  id: z.number().int(),
  kind: z.enum(['post', 'page']),
  sourceLocale: locale,
  featured: z.boolean(),
  ownerUserId: z.string().nullable(),
  updatedAt: z.string(),
  translations: z.partialRecord(locale, draftTranslationSchema),
  languages: z.partialRecord(locale, languageSchema),
}));
export type AdminPost = z.infer<typeof adminPostSchema>;

export const adminPostAnswer = component('AdminPostAnswer', z.object({ post: adminPostSchema }));
export const savedDraftAnswer = component('SavedDraft', z.object({ translation: draftTranslationSchema }));

/** A save from an older revision: the one error shape, plus the version saved since. */
export const draftConflictSchema = component(
  'DraftConflict',
  apiErrorSchema.extend({ current: draftTranslationSchema.meta({ description: 'The version someone saved since: compare, then save again with its revisionId.' }) }),
);

export function toAdminPost(post: StudioPost): AdminPost {
  const languages: AdminPost['languages'] = {};
  for (const l of locales as readonly Locale[]) {
    const state = post.languages[l];
    if (!state) continue;
    languages[l] = {
      status: post.editorial[l],
      live: state.live ? { slug: state.live.slug, publishedAt: state.live.publishedAt, revisionId: state.live.revisionId } : null,
      publishAt: post.publishAt[l] ?? null,
    };
  }
  const translations: AdminPost['translations'] = {};
  for (const [l, t] of Object.entries(post.translations)) {
    translations[l as Locale] = {
      id: t.id, postId: t.postId, locale: t.locale, slug: t.slug, title: t.title, excerpt: t.excerpt, body: t.body, seoTitle: t.seoTitle,
      seoDescription: t.seoDescription, state: t.state, readingMinutes: t.readingMinutes, revisionId: t.revisionId, basedOnRevisionId: t.basedOnRevisionId, updatedAt: t.updatedAt,
    };
  }
  return { id: post.id, kind: post.kind, sourceLocale: post.sourceLocale, featured: post.featured, ownerUserId: post.ownerUserId, updatedAt: post.updatedAt, translations, languages };
}
