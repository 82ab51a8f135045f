// The shape of `duet.json`, the lossless heart of a Duet export (docs/export-format.md
// describes every field). One zod schema checks a document before anything is imported,
// and the types inferred from it are what the export writes, so the two cannot drift.
// Stored renderings, the search index, passwords, sessions, invites and login throttling
// are not part of it: the first two are rebuilt, the rest are secrets or ephemeral.
import { z } from 'zod';
import { roles } from '@/core/auth/permissions';
import { locales } from '@/core/locales';

export const exportFormat = 'duet-export';
export const exportFormatVersion = 1;

const id = z.number().int().positive();
const timestamp = z.iso.datetime({ offset: true });
const nullableText = z.string().nullable();
const count = z.number().int().nonnegative();
/** A path inside DATA_DIR/media, as media rows store it: /images/…, /audios/…, /videos/…, one file name. */
export const mediaPathPattern = /^\/(images|audios|videos)\/(?!\.\.?$)[^/\\\0]+$/;
const mediaPath = z.string().regex(mediaPathPattern, 'Expected /images/, /audios/ or /videos/ and a file name.');

/** Texts per language: keys are site languages, none required. */
const perLocale = <T extends z.ZodType>(text: T) => z.partialRecord(z.enum(locales), text);

const accountSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string(),
  email: z.string().min(3),
  role: z.enum(roles),
  emailVerified: z.boolean(),
  image: nullableText,
  createdAt: timestamp,
  updatedAt: timestamp,
});

const authorSchema = z.strictObject({
  id,
  handle: z.string().min(1),
  userId: nullableText,
  createdAt: timestamp,
  texts: perLocale(z.strictObject({ name: z.string(), bio: z.string() })),
});

const tagSchema = z.strictObject({
  id,
  key: z.string().min(1),
  createdAt: timestamp,
  // `description` came with the tag descriptions; exports made before them have none.
  texts: perLocale(z.strictObject({ name: z.string(), slug: z.string().min(1), description: z.string().optional() })),
});

const variantSchema = z.strictObject({
  width: count,
  height: count,
  format: z.enum(['webp', 'avif', 'mp4']),
  path: mediaPath,
  bytes: count.optional(),
});

const mediaFileSchema = z.strictObject({
  path: mediaPath,
  archivePath: z.string().min(1),
  bytes: count,
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'Expected 64 lowercase hex digits.'),
});

const mediaSchema = z.strictObject({
  id,
  kind: z.enum(['image', 'audio', 'video', 'subtitle']),
  path: mediaPath,
  mime: z.string().min(1),
  bytes: count,
  width: count.nullable(),
  height: count.nullable(),
  durationSeconds: z.number().nonnegative().nullable(),
  sha256: z.string(),
  createdAt: timestamp,
  uploadedBy: nullableText,
  variants: z.array(variantSchema).nullable(),
  texts: perLocale(z.strictObject({ alt: nullableText, caption: nullableText })),
  files: z.array(mediaFileSchema),
});

/** The fields a text has wherever it is kept: the draft, the live copy, a revision. */
const textFields = {
  slug: z.string().min(1),
  title: z.string(),
  excerpt: z.string(),
  body: z.string(),
  seoTitle: nullableText,
  seoDescription: nullableText,
};

const draftSchema = z.strictObject({
  ...textFields,
  readingMinutes: count,
  revisionId: id,
  basedOnRevisionId: id.nullable(),
  updatedAt: timestamp,
});

const liveSchema = z.strictObject({
  ...textFields,
  readingMinutes: count,
  revisionId: id,
  basedOnRevisionId: id.nullable(),
  publishedAt: timestamp,
  updatedAt: timestamp,
});

const revisionSchema = z.strictObject({
  id,
  createdAt: timestamp,
  authorUserId: nullableText,
  // Null in revisions older than the publishing model: the draft's own were used.
  slug: nullableText,
  title: z.string(),
  excerpt: z.string(),
  body: z.string(),
  seoTitle: nullableText,
  seoDescription: nullableText,
});

const reviewRequestSchema = z.strictObject({
  id,
  revisionId: id,
  requestedBy: nullableText,
  requestedAt: timestamp,
  note: z.string(),
  state: z.enum(['pending', 'approved', 'returned', 'withdrawn']),
  decidedBy: nullableText,
  decidedAt: timestamp.nullable(),
  decisionNote: z.string(),
  /** What was first submitted (`revisionId` follows the draft while pending); absent in older archives. */
  submittedRevisionId: id.optional(),
  changedAt: timestamp.nullable().optional(),
});

const translationSchema = z.strictObject({
  id,
  locale: z.enum(locales),
  state: z.enum(['draft', 'published']),
  draft: draftSchema,
  live: liveSchema.nullable(),
  schedule: z.strictObject({ publishAt: timestamp.nullable(), revisionId: id.nullable() }).nullable(),
  revisions: z.array(revisionSchema).min(1),
  reviewRequests: z.array(reviewRequestSchema),
  /** Where the archive keeps this text as Markdown; informative only. */
  markdownPath: z.string().optional(),
});

const postSchema = z.strictObject({
  id,
  kind: z.enum(['post', 'page']),
  status: z.enum(['draft', 'scheduled', 'published', 'archived']),
  featured: z.boolean(),
  publishedAt: timestamp.nullable(),
  sourceLocale: z.enum(locales),
  version: z.number().int(),
  coverMediaId: id.nullable(),
  ownerUserId: nullableText,
  createdAt: timestamp,
  updatedAt: timestamp,
  bylines: z.array(z.strictObject({ authorId: id, position: z.number().int() })),
  tagIds: z.array(id),
  attachments: z.array(z.strictObject({ id, mediaId: id, role: z.enum(['narration', 'video', 'poster', 'subtitle']), locale: z.enum(locales).nullable() })),
  translations: z.array(translationSchema).min(1),
});

/**
 * Everything in duet.json but its posts: small whatever the site's size, so the importer
 * holds it whole while it checks and writes the posts one at a time (postSchema each).
 */
export const exportHeaderSchema = z.strictObject({
  format: z.literal(exportFormat),
  formatVersion: z.literal(exportFormatVersion),
  createdAt: timestamp,
  duetVersion: z.string(),
  locales: z.array(z.enum(locales)),
  settings: z.record(z.string(), z.record(z.string(), z.string())),
  accounts: z.array(accountSchema),
  authors: z.array(authorSchema),
  tags: z.array(tagSchema),
  media: z.array(mediaSchema),
});

export const exportPostSchema = postSchema;

export const duetExportSchema = exportHeaderSchema.extend({ posts: z.array(postSchema) });

export type DuetExport = z.infer<typeof duetExportSchema>;
export type ExportHeader = z.infer<typeof exportHeaderSchema>;
export type ExportAccount = z.infer<typeof accountSchema>;
export type ExportAuthor = z.infer<typeof authorSchema>;
export type ExportTag = z.infer<typeof tagSchema>;
export type ExportMedia = z.infer<typeof mediaSchema>;
export type ExportMediaFile = z.infer<typeof mediaFileSchema>;
export type ExportPost = z.infer<typeof postSchema>;
export type ExportTranslation = z.infer<typeof translationSchema>;
export type ExportRevision = z.infer<typeof revisionSchema>;
export type ExportReviewRequest = z.infer<typeof reviewRequestSchema>;

/** The archive path of a media file: `media` plus its public path. */
export function mediaArchivePath(path: string): string {
  return `media${path}`;
}
