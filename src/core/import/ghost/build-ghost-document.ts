// Collects the rows of a Ghost export (posts, tags, users and the tables joining them) as
// they are read, and builds the import document at the end. A post's body is converted to
// Markdown as soon as its row arrives, so the raw HTML, mobiledoc and lexical of the whole
// site are never held at once. Only the tables listed in ghostTables are ever read: never
// settings, members, sessions or API keys, and of users only name, slug, email and bio.
import type { Locale } from '@/i18n/routing';
import { collectMedia, type MediaContext, mediaWarnings, resolveMedia } from '../collect-media';
import { detectLocale, mapLocaleCode } from '../detect-locale';
import type { ImportAuthor, ImportDocument, ImportMediaRef, ImportStatus, ImportWarning } from '../import-document';
import { chooseLocale, type ImportOptions, resolveMapping } from '../import-options';
import { optionalText, toImportSlug, toIsoUtc, toPlainLine } from '../import-values';
import { nameTagsByUse } from '../name-tags-by-use';
import { pairTexts, type TextCandidate } from '../pair-texts';
import { htmlToMarkdown } from '@/core/markdown/html-to-markdown';
import { convertGhostBody, siteRelative } from './convert-ghost-body';
import { readGhostTag } from './read-ghost-tag';

export const ghostTables: ReadonlySet<string> = new Set(['posts', 'posts_meta', 'tags', 'posts_tags', 'users', 'posts_authors']);

type Row = Record<string, unknown>;

interface PostDraft {
  id: string;
  kind: 'post' | 'page';
  status: ImportStatus;
  restrictedTo: string | null;
  featured: boolean;
  title: string;
  slug: string;
  markdown: string;
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

  constructor(private readonly options: ImportOptions = {}) {}

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
        if (id) this.posts.push(readPost(id, r));
        break;
      case 'posts_meta':
        if (r.post_id) this.meta.set(String(r.post_id), r);
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
    const siteUrl = this.options.siteUrl?.replace(/\/+$/, '') ?? null;
    const media: MediaContext = { archiveFiles: this.options.archiveFiles, siteUrls: siteUrl ? [siteUrl] : [] };
    const tagsOf = groupSorted(this.postTags, (link) => link.postId, (link) => link.tagId);
    const authorsOf = groupSorted(this.postAuthors, (link) => link.postId, (link) => link.authorId);
    const candidates: TextCandidate[] = [];

    for (const post of this.posts) {
      const meta = this.meta.get(post.id);
      const publicTags: string[] = [];
      let language: { code: string; locale: Locale | null } | null = null;
      let translationKey: string | null = null;
      for (const tagId of tagsOf.get(post.id) ?? []) {
        const tag = this.tags.get(tagId);
        if (!tag) continue;
        const meaning = readGhostTag(tag.name, tag.visibility);
        if (meaning.kind === 'public') publicTags.push(tagId);
        else if (meaning.kind === 'language') language ??= meaning;
        else if (meaning.kind === 'translation') translationKey ??= meaning.key;
      }
      if (language && !language.locale) {
        warnings.push({ code: 'unsupported-locale', sourceId: post.id, message: `“${post.title}” is tagged #${language.code}; Duet publishes only Chinese and English, so it was not imported.` });
        continue;
      }
      const columnLocale = mapLocaleCode(post.locale);
      const { locale, evidence } = language?.locale
        ? { locale: language.locale, evidence: 'marker' as const }
        : columnLocale
          ? { locale: columnLocale, evidence: 'marker' as const }
          : chooseLocale(`${post.title}\n${post.excerpt}\n${post.markdown}`, post.id, this.options, warnings);

      const cover = post.featureImage ? resolveMedia(post.featureImage, media) : null;
      if (cover) {
        const alt = optionalText(meta?.feature_image_alt);
        const caption = optionalText(meta?.feature_image_caption);
        if (alt) cover.ref.alt = alt;
        if (caption) cover.ref.caption = toPlainLine(htmlToMarkdown(caption).markdown);
      }
      const body = collectMedia(post.markdown, media);
      if (cover?.problem) body.problems[cover.problem].unshift(cover.ref.source);
      const textMedia: ImportMediaRef[] = cover ? [cover.ref, ...body.media.filter((m) => m.source !== cover.ref.source)] : body.media;
      warnings.push(...mediaWarnings(post.id, body.problems));
      if (post.kept.length > 0) {
        warnings.push({ code: 'shortcode-kept', sourceId: post.id, message: `Ghost cards kept as data because Duet has no equivalent: ${[...new Set(post.kept)].join(', ')}.` });
      }

      const slug = toImportSlug(post.slug, post.title, locale);
      candidates.push({
        text: {
          sourceId: post.id,
          locale,
          localeEvidence: evidence,
          slug,
          title: post.title,
          excerpt: post.excerpt,
          body: post.markdown,
          seoTitle: optionalText(meta?.meta_title) ?? post.seoTitle,
          seoDescription: optionalText(meta?.meta_description) ?? post.seoDescription,
          status: post.status,
          passwordProtected: false,
          ...(post.restrictedTo ? { restrictedTo: post.restrictedTo } : {}),
          publishedAt: post.publishedAt,
          createdAt: post.createdAt,
          updatedAt: post.updatedAt,
          canonicalUrl: post.canonicalUrl,
          media: textMedia,
        },
        kind: post.kind,
        featured: post.featured,
        authors: authorsOf.get(post.id) ?? (post.legacyAuthor ? [post.legacyAuthor] : []),
        tags: publicTags,
        cover: cover?.ref ?? null,
        translationKey,
        urls: [`/${post.slug}/`, ...(siteUrl ? [`${siteUrl}/${post.slug}/`] : [])],
      });
    }

    const paired = pairTexts(candidates, { mapping: resolveMapping(this.options.mapping) });
    const publicTagIds = [...this.tags].filter(([, tag]) => readGhostTag(tag.name, tag.visibility).kind === 'public');
    const usedAuthors = new Set(paired.posts.flatMap((post) => post.authors));
    return {
      source: { kind: 'ghost', version: this.version, siteUrl },
      authors: [...this.users.values()].filter((author) => usedAuthors.has(author.sourceId)),
      tags: nameTagsByUse(publicTagIds.map(([sourceId, tag]) => ({ sourceId, name: tag.name, slug: tag.slug })), candidates),
      posts: paired.posts,
      warnings: [...warnings, ...paired.warnings],
    };
  }
}

function readPost(id: string, row: Row): PostDraft {
  const body = convertGhostBody(row);
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
    markdown: body.markdown,
    kept: body.kept,
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
