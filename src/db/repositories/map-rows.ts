// Turns database rows into the domain objects of core/content/types.ts, so nothing
// shaped like a row leaves src/db. Per-locale texts arrive as one joined row per
// locale; these fold them back into PerLocale records.
import type {
  Author,
  Media,
  MediaKind,
  MediaVariant,
  Tag,
  Translation,
  TranslationState,
} from '@/core/content/types';
import { excerptOrDerived } from '@/core/content/derive-excerpt';
import { isLocale } from '@/core/locales';
import type { LiveTranslationRow, MediaRow, TranslationRow } from '../schema';
import { unpackText, type StoredText } from '../stored-text';

/** Timestamps are stored as ISO-8601 UTC text with milliseconds, so text order is time order. */
export function toIsoTimestamp(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a valid timestamp: ${String(value)}`);
  return date.toISOString();
}

/**
 * A translation's text, as the draft (`post_translations`), each revision and the live copy
 * hold it; the draft's and the live row's Markdown are read through `draftBody()` and
 * `liveBody()` (live-body.ts), their own columns keeping '' where the revision holds it.
 * Every copy between those tables starts here.
 */
export interface TranslationTextRow {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  seo_title: string | null;
  seo_description: string | null;
}

/** The text columns of a draft or live row, to copy into another table. */
export function pickTranslationText(row: TranslationTextRow): TranslationTextRow {
  return { slug: row.slug, title: row.title, excerpt: row.excerpt, body: row.body, seo_title: row.seo_title, seo_description: row.seo_description };
}

/**
 * The columns a Translation is made of, with `draftBody()` as `body` (live-body.ts):
 * everything but the stored rendering, which only an article page reads.
 */
export const translationColumns = [
  'id',
  'post_id',
  'locale',
  'slug',
  'title',
  'excerpt',
  'seo_title',
  'seo_description',
  'state',
  'reading_minutes',
  'revision_id',
  'based_on_revision_id',
  'updated_at',
] as const;

export function toTranslation(row: Pick<TranslationRow, (typeof translationColumns)[number]> & { body: StoredText }): Translation {
  if (!isLocale(row.locale)) throw new Error(`Translation ${row.id} has an unknown locale: ${row.locale}`);
  if (row.revision_id === null) throw new Error(`Translation ${row.id} has no revision`);
  return {
    id: row.id,
    postId: row.post_id,
    locale: row.locale,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    body: unpackText(row.body),
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    state: row.state as TranslationState,
    readingMinutes: row.reading_minutes,
    revisionId: row.revision_id,
    basedOnRevisionId: row.based_on_revision_id,
    updatedAt: row.updated_at,
  };
}

/** The columns of a live translation a reader's Translation is made of, with `liveBody()` as `body` (live-body.ts). */
export const liveTranslationColumns = [
  'translation_id',
  'post_id',
  'locale',
  'slug',
  'title',
  'excerpt',
  'seo_title',
  'seo_description',
  'derived_excerpt',
  'reading_minutes',
  'revision_id',
  'based_on_revision_id',
  'updated_at',
] as const;

/** A language as readers see it; a text without a hand-written excerpt gets the derived one. */
export function toLiveTranslation(row: Pick<LiveTranslationRow, (typeof liveTranslationColumns)[number]> & { body: StoredText }): Translation {
  if (!isLocale(row.locale)) throw new Error(`Translation ${row.translation_id} has an unknown locale: ${row.locale}`);
  return {
    id: row.translation_id,
    postId: row.post_id,
    locale: row.locale,
    slug: row.slug,
    title: row.title,
    excerpt: excerptOrDerived(row.excerpt, row.derived_excerpt),
    body: unpackText(row.body),
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    state: 'published',
    readingMinutes: row.reading_minutes,
    revisionId: row.revision_id,
    basedOnRevisionId: row.based_on_revision_id,
    updatedAt: row.updated_at,
  };
}

export interface AuthorTextRow {
  id: number;
  handle: string;
  locale: string | null;
  name: string | null;
  bio: string | null;
}

/** Folds author rows (one per locale, from a left join) into authors, keeping first-seen order. */
export function foldAuthors(rows: AuthorTextRow[]): Map<number, Author> {
  const authors = new Map<number, Author>();
  for (const row of rows) {
    let author = authors.get(row.id);
    if (!author) {
      author = { id: row.id, handle: row.handle, name: {}, bio: {} };
      authors.set(row.id, author);
    }
    if (row.locale !== null && isLocale(row.locale)) {
      if (row.name !== null) author.name[row.locale] = row.name;
      if (row.bio !== null && row.bio !== '') author.bio[row.locale] = row.bio;
    }
  }
  return authors;
}

export interface TagTextRow {
  id: number;
  key: string;
  locale: string | null;
  name: string | null;
  slug: string | null;
  /** Read only where a tag's description is shown or edited. */
  description?: string | null;
}

export function foldTags(rows: TagTextRow[]): Map<number, Tag> {
  const tags = new Map<number, Tag>();
  for (const row of rows) {
    let tag = tags.get(row.id);
    if (!tag) {
      tag = { id: row.id, key: row.key, names: {} };
      tags.set(row.id, tag);
    }
    if (row.locale !== null && isLocale(row.locale) && row.name !== null && row.slug !== null) {
      tag.names[row.locale] = { name: row.name, slug: row.slug };
      if (row.description) (tag.descriptions ??= {})[row.locale] = row.description;
    }
  }
  return tags;
}

export type MediaTextRow = Pick<MediaRow, 'id' | 'kind' | 'path' | 'mime' | 'bytes' | 'width' | 'height' | 'duration_seconds'> & {
  variants?: string | null;
  text_locale: string | null;
  alt: string | null;
  caption: string | null;
};

export function parseVariants(json: string | null | undefined): MediaVariant[] {
  if (!json) return [];
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list)
      ? list.filter(
          (v): v is MediaVariant =>
            typeof v?.path === 'string' && Number.isInteger(v?.width) && Number.isInteger(v?.height) && ['webp', 'avif', 'mp4'].includes(v?.format),
        )
      : [];
  } catch {
    return [];
  }
}

export function foldMedia(rows: MediaTextRow[]): Map<number, Media> {
  const media = new Map<number, Media>();
  for (const row of rows) {
    let item = media.get(row.id);
    if (!item) {
      item = {
        id: row.id,
        kind: row.kind as MediaKind,
        path: row.path,
        mime: row.mime,
        // int8 arrives from pg as a string.
        bytes: Number(row.bytes),
        width: row.width,
        height: row.height,
        durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
        alt: {},
        caption: {},
      };
      const variants = parseVariants(row.variants);
      if (variants.length > 0) item.variants = variants;
      media.set(row.id, item);
    }
    if (row.text_locale !== null && isLocale(row.text_locale)) {
      if (row.alt !== null) item.alt[row.text_locale] = row.alt;
      if (row.caption !== null) item.caption[row.text_locale] = row.caption;
    }
  }
  return media;
}
