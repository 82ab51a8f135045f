// Collects the rows of a Ghost export (posts, tags, users and the tables joining them) as
// they are read, and builds the import document at the end. A post's body is converted to
// Markdown as soon as its row arrives, its images noted, and the Markdown handed to the
// body store (options.bodies), so neither the raw HTML, mobiledoc and lexical nor the
// converted bodies of the whole site are held at once; only a body whose language must be
// guessed is read back, once, when the tags say it is unmarked. Only the tables listed in
// ghostTables are ever read: never settings, members, sessions or API keys, and of users
// only name, slug, email and bio.
import type { Locale } from '@/core/locales';
import { bodiesInMemory, type BodyStore, type StoredBody, withStoredBody } from '../body-store';
import { collectMedia, type MediaContext, type MediaProblems, mediaWarnings, resolveMedia } from '../collect-media';
import { detectLocale, mapLocaleCode } from '../detect-locale';
import type { ImportAuthor, ImportDocument, ImportMediaRef, ImportStatus, ImportText, ImportWarning } from '../import-document';
import { chooseLocale, type ImportOptions, resolveMapping } from '../import-options';
import { optionalText, toImportSlug, toIsoUtc, toPlainLine } from '../import-values';
import { nameTagsByUse } from '../name-tags-by-use';
import { pairTexts, type TextCandidate } from '../pair-texts';
import { htmlToMarkdown } from '@/core/markdown/html-to-markdown';
import { convertGhostBody, siteRelative } from './convert-ghost-body';
import { readGhostTag } from './read-ghost-tag';

export const ghostTables: ReadonlySet<string> = new Set(['posts', 'posts_meta', 'tags', 'posts_tags', 'users', 'posts_authors']);

type Row = Record<string, unknown>;

/** The posts_meta fields the importer reads; the rest of the row (email, social cards) is dropped. */
const metaFields = ['meta_title', 'meta_description', 'feature_image_alt', 'feature_image_caption'] as const;

interface PostDraft {
  id: string;
  kind: 'post' | 'page';
  status: ImportStatus;
  restrictedTo: string | null;
  featured: boolean;
  title: string;
  slug: string;
  body: StoredBody;
  /** The body's images, found while the body was at hand. */
  images: { media: ImportMediaRef[]; problems: MediaProblems };
  kept: string[];
  excerpt: string;
  seoTitle: string | null;
  seoDescription: string | null;
  canonicalUrl: string | null;
  featureImage: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  publishedAt: string | null;
  legacyAuthor: string | null;
  locale: string | null;
}

export class GhostDocumentBuilder {
  private version: string | null = null;
  private readonly posts: PostDraft[] = [];
  private readonly meta = new Map<string, Row>();
  private readonly tags = new Map<string, { name: string; slug: string; visibility: unknown }>();
  private readonly postTags: Array<{ postId: string; tagId: string; order: number }> = [];
  private readonly users = new Map<string, ImportAuthor>();
  private readonly postAuthors: Array<{ postId: string; authorId: string; order: number }> = [];
  private readonly siteUrl: string | null;
  private readonly media: MediaContext;
  private readonly bodies: BodyStore;

  constructor(private readonly options: ImportOptions = {}) {
    this.siteUrl = options.siteUrl?.replace(/\/+$/, '') ?? null;
    this.media = { archiveFiles: options.archiveFiles, siteUrls: this.siteUrl ? [this.siteUrl] : [] };
    this.bodies = options.bodies ?? bodiesInMemory;
  }

  setMeta(meta: unknown): void {
    const version = (meta as Row | null)?.version;
    this.version = typeof version === 'string' ? version : null;
  }

  addRow(table: string, row: unknown): void {
    if (!row || typeof row !== 'object') return;
    const r = row as Row;
    const id = String(r.id ?? '');
    switch (table) {
      case 'posts':
        if (id) this.posts.push(this.readPost(id, r));
        break;
      case 'posts_meta':
        if (r.post_id) this.meta.set(String(r.post_id), Object.fromEntries(metaFields.map((field) => [field, r[field]])));
        break;
      case 'tags':
        if (id) this.tags.set(id, { name: String(r.name ?? ''), slug: String(r.slug ?? ''), visibility: r.visibility });
        break;
      case 'posts_tags':
        this.postTags.push({ postId: String(r.post_id), tagId: String(r.tag_id), order: Number(r.sort_order) || 0 });
        break;
      case 'users':
        if (id) this.users.set(id, readUser(id, r));
        break;
      case 'posts_authors':
        this.postAuthors.push({ postId: String(r.post_id), authorId: String(r.author_id), order: Number(r.sort_order) || 0 });
        break;
    }
  }

  build(): ImportDocument {
    const warnings: ImportWarning[] = [];
    const tagsOf = groupSorted(this.postTags, (link) => link.postId, (link) => link.tagId);
    const authorsOf = groupSorted(this.postAuthors, (link) => link.postId, (link) => link.authorId);
    const candidates: TextCandidate[] = [];
    for (const post of this.posts) {
      const authors = authorsOf.get(post.id) ?? (post.legacyAuthor ? [post.legacyAuthor] : []);
      const candidate = this.toCandidate(post, tagsOf.get(post.id) ?? [], authors, warnings);
      if (candidate) candidates.push(candidate);
    }
    const paired = pairTexts(candidates, { mapping: resolveMapping(this.options.mapping) });
    const publicTagIds = [...this.tags].filter(([, tag]) => readGhostTag(tag.name, tag.visibility).kind === 'public');
    const usedAuthors = new Set(paired.posts.flatMap((post) => post.authors));
    return {
      source: { kind: 'ghost', version: this.version, siteUrl: this.siteUrl },
      authors: [...this.users.values()].filter((author) => usedAuthors.has(author.sourceId)),
      tags: nameTagsByUse(publicTagIds.map(([sourceId, tag]) => ({ sourceId, name: tag.name, slug: tag.slug })), candidates),
      posts: paired.posts,
      warnings: [...warnings, ...paired.warnings],
    };
  }

  /** The post as a text to pair, or null for a language Duet does not publish. */
  private toCandidate(post: PostDraft, tagIds: string[], authors: string[], warnings: ImportWarning[]): TextCandidate | null {
    const tags = this.readTags(tagIds);
    if (tags.language && !tags.language.locale) {
      warnings.push({ code: 'unsupported-locale', sourceId: post.id, message: `“${post.title}” is tagged #${tags.language.code}; Duet publishes only Chinese and English, so it was not imported.` });
      return null;
    }
    const columnLocale = mapLocaleCode(post.locale);
    const { locale, evidence } = tags.language?.locale
      ? { locale: tags.language.locale, evidence: 'marker' as const }
      : columnLocale
        ? { locale: columnLocale, evidence: 'marker' as const }
        : chooseLocale(`${post.title}\n${post.excerpt}\n${post.body()}`, post.id, this.options, warnings);
    const { cover, media } = this.readMedia(post, warnings);
    if (post.kept.length > 0) {
      warnings.push({ code: 'shortcode-kept', sourceId: post.id, message: `Ghost cards kept as data because Duet has no equivalent: ${[...new Set(post.kept)].join(', ')}.` });
    }
    const text = this.toText(post, { locale, localeEvidence: evidence }, media);
    const urls = [`/${post.slug}/`, ...(this.siteUrl ? [`${this.siteUrl}/${post.slug}/`] : [])];
    return { text, kind: post.kind, featured: post.featured, authors, tags: tags.public, cover: cover?.ref ?? null, translationKey: tags.translationKey, urls };
  }

  /** The text of a post, its body left in the store. */
  private toText(post: PostDraft, language: Pick<ImportText, 'locale' | 'localeEvidence'>, media: ImportMediaRef[]): ImportText {
    const meta = this.meta.get(post.id);
    const fields: Omit<ImportText, 'body'> = {
      sourceId: post.id,
      ...language,
      slug: toImportSlug(post.slug, post.title, language.locale),
      title: post.title,
      excerpt: post.excerpt,
      seoTitle: optionalText(meta?.meta_title) ?? post.seoTitle,
      seoDescription: optionalText(meta?.meta_description) ?? post.seoDescription,
      status: post.status,
      passwordProtected: false,
      ...(post.restrictedTo ? { restrictedTo: post.restrictedTo } : {}),
      publishedAt: post.publishedAt,
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
      canonicalUrl: post.canonicalUrl,
      media,
    };
    return withStoredBody(fields, post.body);
  }

  /** What a post's tags say: which are shown, its language, its translation key. */
  private readTags(tagIds: string[]) {
    const read = { public: [] as string[], language: null as { code: string; locale: Locale | null } | null, translationKey: null as string | null };
    for (const tagId of tagIds) {
      const tag = this.tags.get(tagId);
      if (!tag) continue;
      const meaning = readGhostTag(tag.name, tag.visibility);
      if (meaning.kind === 'public') read.public.push(tagId);
      else if (meaning.kind === 'language') read.language ??= meaning;
      else if (meaning.kind === 'translation') read.translationKey ??= meaning.key;
    }
    return read;
  }

  /** The cover (with its alt and caption from posts_meta) and the body's images, with their warnings. */
  private readMedia(post: PostDraft, warnings: ImportWarning[]) {
    const meta = this.meta.get(post.id);
    const cover = post.featureImage ? resolveMedia(post.featureImage, this.media) : null;
    if (cover) {
      const alt = optionalText(meta?.feature_image_alt);
      const caption = optionalText(meta?.feature_image_caption);
      if (alt) cover.ref.alt = alt;
      if (caption) cover.ref.caption = toPlainLine(htmlToMarkdown(caption).markdown);
    }
    const problems = { missing: [...post.images.problems.missing], remote: [...post.images.problems.remote] };
    if (cover?.problem) problems[cover.problem].unshift(cover.ref.source);
    warnings.push(...mediaWarnings(post.id, problems));
    const media: ImportMediaRef[] = cover ? [cover.ref, ...post.images.media.filter((m) => m.source !== cover.ref.source)] : post.images.media;
    return { cover, media };
  }

  private readPost(id: string, row: Row): PostDraft {
    const converted = convertGhostBody(row);
    const visibility = typeof row.visibility === 'string' ? row.visibility : 'public';
    const restrictedTo = visibility === 'public' ? null : visibility;
    return {
      id,
      // Ghost 2 marks pages with `page`, Ghost 3 and later with `type`.
      kind: row.type === 'page' || row.page === true || row.page === 1 ? 'page' : 'post',
      status: readStatus(row.status, restrictedTo !== null),
      restrictedTo,
      featured: row.featured === true || row.featured === 1,
      title: String(row.title ?? '').trim(),
      slug: String(row.slug ?? ''),
      images: collectMedia(converted.markdown, this.media),
      body: this.bodies.keep(converted.markdown),
      kept: converted.kept,
      excerpt: optionalText(row.custom_excerpt) ?? '',
      seoTitle: optionalText(row.meta_title),
      seoDescription: optionalText(row.meta_description),
      canonicalUrl: optionalText(typeof row.canonical_url === 'string' ? siteRelative(row.canonical_url) : null),
      featureImage: optionalText(typeof row.feature_image === 'string' ? siteRelative(row.feature_image) : null),
      createdAt: toIsoUtc(row.created_at),
      updatedAt: toIsoUtc(row.updated_at),
      publishedAt: toIsoUtc(row.published_at),
      legacyAuthor: row.author_id ? String(row.author_id) : null,
      locale: typeof row.locale === 'string' ? row.locale : null,
    };
  }
}

/**
 * Ghost's status as Duet's. A post for members or paying readers only, or one only ever
 * sent as a newsletter (`sent`), arrives `private`: Duet has no paywall to keep it behind.
 */
function readStatus(status: unknown, restricted: boolean): ImportStatus {
  if (status === 'draft') return 'draft';
  if (restricted || status === 'sent') return 'private';
  if (status === 'scheduled') return 'scheduled';
  return status === 'published' ? 'published' : 'draft';
}

function readUser(id: string, row: Row): ImportAuthor {
  const name = String(row.name ?? row.slug ?? '').trim();
  const bio = optionalText(row.bio);
  const author: ImportAuthor = { sourceId: id, handle: String(row.slug ?? id), name: { zh: name, en: name }, bio: {}, email: optionalText(row.email) };
  if (bio) author.bio[detectLocale(bio).locale] = bio;
  return author;
}

function groupSorted<T extends { order: number }>(links: T[], keyOf: (link: T) => string, valueOf: (link: T) => string): Map<string, string[]> {
  const sorted = [...links].sort((a, b) => a.order - b.order);
  const map = new Map<string, string[]>();
  for (const link of sorted) {
    const list = map.get(keyOf(link)) ?? [];
    if (!list.includes(valueOf(link))) list.push(valueOf(link));
    map.set(keyOf(link), list);
  }
  return map;
}
