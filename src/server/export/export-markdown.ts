// The Markdown copy of each text in a Duet export: `posts/<post id>-<slug>/<language>.md`,
// YAML front matter (pair id, language, title, slug, dates, tags, authors, status) over the
// working draft's body, for people and other tools; duet.json stays the lossless record.
import { stringify } from 'yaml';
import { editorialStatus } from '@/core/content/editorial-status';
import type { ExportAuthor, ExportPost, ExportTag, ExportTranslation } from '@/core/export/export-schema';

export interface MarkdownNames {
  tags: Map<number, ExportTag>;
  authors: Map<number, ExportAuthor>;
}

/** A slug as a folder name any file system accepts: letters, digits and dashes, at most 80 characters. */
function folderSlug(slug: string): string {
  const safe = slug.normalize('NFC').replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '');
  return [...safe].slice(0, 80).join('') || 'untitled';
}

export interface NamedPost {
  id: number;
  sourceLocale: string;
  translations: Array<{ locale: string; draft: { slug: string } }>;
}

/** Both languages of a post share a folder named after its source language's slug. */
export function markdownPath(post: NamedPost, locale: string): string {
  const source = post.translations.find((t) => t.locale === post.sourceLocale) ?? post.translations[0];
  return `posts/${post.id}-${folderSlug(source?.draft.slug ?? '')}/${locale}.md`;
}

/** The status the Studio shows for this language (published, changes, draft, scheduled, review, outdated). */
export function statusOf(post: ExportPost, t: ExportTranslation): string {
  const sourceLive = post.translations.find((x) => x.locale === post.sourceLocale)?.live ?? null;
  const review = t.reviewRequests.at(-1) ?? null;
  return editorialStatus(
    {
      draft: { revisionId: t.draft.revisionId, basedOnRevisionId: t.draft.basedOnRevisionId, publishAt: t.schedule?.publishAt ?? null },
      live: t.live ? { revisionId: t.live.revisionId, basedOnRevisionId: t.live.basedOnRevisionId } : null,
      review: review ? { state: review.state } : null,
    },
    sourceLive,
    t.locale === post.sourceLocale,
  );
}

export function renderMarkdownFile(post: ExportPost, t: ExportTranslation, names: MarkdownNames): string {
  const draft = t.draft;
  const front: Record<string, unknown> = {
    pair: post.id,
    language: t.locale,
    translation: t.id,
    title: draft.title,
    slug: draft.slug,
    ...(draft.excerpt ? { excerpt: draft.excerpt } : {}),
    status: statusOf(post, t),
    kind: post.kind,
    sourceLanguage: post.sourceLocale,
    ...(post.featured ? { featured: true } : {}),
    publishedAt: t.live?.publishedAt ?? post.publishedAt,
    createdAt: post.createdAt,
    updatedAt: draft.updatedAt,
    ...(t.schedule?.publishAt ? { publishAt: t.schedule.publishAt } : {}),
    ...(t.live && t.live.slug !== draft.slug ? { liveSlug: t.live.slug } : {}),
    tags: post.tagIds.map((id) => nameIn(names.tags.get(id)?.texts[t.locale]?.name, names.tags.get(id)?.key, id)),
    authors: post.bylines.map((b) => nameIn(names.authors.get(b.authorId)?.texts[t.locale]?.name, names.authors.get(b.authorId)?.handle, b.authorId)),
    ...(draft.seoTitle ? { seoTitle: draft.seoTitle } : {}),
    ...(draft.seoDescription ? { seoDescription: draft.seoDescription } : {}),
  };
  const yaml = stringify(front, { lineWidth: 0 });
  return `---\n${yaml}---\n\n${draft.body.endsWith('\n') ? draft.body : `${draft.body}\n`}`;
}

function nameIn(name: string | undefined, fallback: string | undefined, id: number): string {
  return name || fallback || String(id);
}
