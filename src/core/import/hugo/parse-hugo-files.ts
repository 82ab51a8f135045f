// Reads the Markdown files of a Hugo site (or any folder of Markdown with front matter)
// into Duet's import document. The caller reads the folder and passes each text file;
// images and other files are named in `archiveFiles` so references to them resolve.
// Translations pair the way Hugo pairs them: by file name (`index.en.md` beside
// `index.zh-cn.md`), by content folder (`content.en/` beside `content.zh/`) or by a shared
// `translationKey`. `_index.md` section files and files at the top of the content folder
// are imported as pages.
import { posix } from 'node:path';
import { slugify } from '@/core/content/slugify';
import type { Locale } from '@/core/locales';
import { collectMedia, type MediaContext, mediaWarnings, resolveMedia } from '../collect-media';
import type { ImportAuthor, ImportDocument, ImportMediaRef, ImportWarning } from '../import-document';
import { chooseLocale, type ImportOptions, resolveMapping } from '../import-options';
import { optionalText, toImportSlug, toIsoUtc, toPlainLine, uniqueSlugs } from '../import-values';
import { nameTagsByUse, type PlainTag } from '../name-tags-by-use';
import { pairTexts, type TextCandidate } from '../pair-texts';
import { convertHugoBody } from './convert-hugo-body';
import { type LocateOptions, locateHugoFile } from './locate-hugo-file';
import { FrontMatterError, readFrontMatter } from './read-front-matter';

export interface HugoFile {
  /** Path relative to the folder the writer chose, `/`-separated. */
  path: string;
  content: string;
}

export type HugoImportOptions = ImportOptions & LocateOptions & {
  /** Treated as "now" for future-dated pages, which Hugo does not publish yet. */
  now?: Date;
};

const markdownFile = /\.(md|markdown|mdown|mkd)$/i;

export function parseHugoFiles(files: readonly HugoFile[], options: HugoImportOptions = {}): ImportDocument {
  const warnings: ImportWarning[] = [];
  const paths = new Set(files.map((file) => normalizePath(file.path)));
  const archiveFiles = new Set([...(options.archiveFiles ?? []), ...paths]);
  const now = (options.now ?? new Date()).toISOString();
  const tags = new Map<string, PlainTag>();
  const authors = new Map<string, ImportAuthor>();
  const candidates: TextCandidate[] = [];

  for (const file of files) {
    const path = normalizePath(file.path);
    if (!markdownFile.test(path) || /(^|\/)(README|LICENSE)[^/]*$/i.test(path)) continue;
    const place = locateHugoFile(path, options);
    if (place.language && !place.locale) {
      warnings.push({ code: 'unsupported-locale', sourceId: path, message: `${path} is in ${place.language}; Duet publishes only Chinese and English, so it was not imported.` });
      continue;
    }
    let front;
    try {
      front = readFrontMatter(file.content);
    } catch (error) {
      if (!(error instanceof FrontMatterError)) throw error;
      warnings.push({ code: 'skipped', sourceId: path, message: `${path} was not imported: ${error.message}.` });
      continue;
    }
    const data = front.data;
    if (data.headless === true) continue;
    const body = convertHugoBody(front.body);
    const title = text(data.title) ?? firstHeading(body.markdown) ?? humanize(place.slug);
    const excerpt = text(data.summary) ? toPlainLine(text(data.summary)!) : body.summary;
    const frontLanguage = text(data.lang) ?? text(data.language);
    const locale: Locale | null = place.locale ?? (frontLanguage ? (options.languages?.[frontLanguage] ?? null) : null);
    const { locale: textLocale, evidence } = locale ? { locale, evidence: 'marker' as const } : chooseLocale(`${title}\n${excerpt}\n${body.markdown}`, path, options, warnings);

    const siteRoot = place.siteRoot;
    const media: MediaContext = { archiveFiles, rootFolders: [posix.join(siteRoot, 'static'), posix.join(siteRoot, 'assets'), siteRoot].map((f) => f.replace(/^\.$/, '')) };
    const coverSource = readCover(data);
    const cover = coverSource ? resolveMedia(coverSource, media, path) : null;
    const found = collectMedia(body.markdown, media, path);
    if (cover?.problem) found.problems[cover.problem].unshift(cover.ref.source);
    warnings.push(...mediaWarnings(path, found.problems));
    if (body.kept.length > 0) {
      warnings.push({ code: 'shortcode-kept', sourceId: path, message: `Shortcodes kept as text: ${[...new Set(body.kept)].join(', ')}.` });
    }
    const textMedia: ImportMediaRef[] = cover ? [cover.ref, ...found.media.filter((m) => m.source !== cover.ref.source)] : found.media;

    const date = toIsoUtc(data.date) ?? toIsoUtc(data.publishDate) ?? toIsoUtc(data.pubdate);
    const draft = data.draft === true || data.draft === 'true';
    const status = draft ? 'draft' : date && date > now ? 'scheduled' : 'published';
    const tagIds = [...list(data.tags), ...list(data.categories)].map((name) => {
      const id = `term:${name.toLowerCase()}`;
      if (!tags.has(id)) tags.set(id, { sourceId: id, name, slug: name });
      return id;
    });
    const authorIds = [...list(data.authors), ...list(data.author)].map((name) => {
      const id = `author:${name}`;
      if (!authors.has(id)) authors.set(id, { sourceId: id, handle: slugify(name, 'en'), name: { zh: name, en: name }, bio: {}, email: null });
      return id;
    });
    const slugSource = text(data.slug) ?? (text(data.url) ? posix.basename(text(data.url)!.replace(/\/+$/, '')) : place.slug);
    candidates.push({
      text: {
        sourceId: path,
        locale: textLocale,
        localeEvidence: evidence,
        slug: toImportSlug(slugSource, title, textLocale),
        title,
        excerpt,
        body: body.markdown,
        seoTitle: null,
        seoDescription: text(data.description),
        status,
        passwordProtected: false,
        publishedAt: status === 'draft' ? null : date,
        createdAt: date,
        updatedAt: toIsoUtc(data.lastmod) ?? toIsoUtc(data.modified) ?? date,
        canonicalUrl: text(data.canonicalURL) ?? text(data.canonicalUrl) ?? text(data.canonical),
        media: textMedia,
      },
      kind: data.type === 'page' ? 'page' : place.kind,
      featured: data.featured === true || data.pinned === true,
      authors: [...new Set(authorIds)],
      tags: [...new Set(tagIds)],
      cover: cover?.ref ?? null,
      group: text(data.translationKey) ? `key:${text(data.translationKey)}` : `path:${place.groupKey}`,
      urls: [...list(data.aliases), ...(text(data.url) ? [text(data.url)!] : [])],
    });
  }

  const paired = pairTexts(candidates, { mapping: resolveMapping(options.mapping) });
  const authorList = [...authors.values()];
  const handles = uniqueSlugs(authorList.map((author) => author.handle));
  return {
    source: { kind: 'hugo', version: null, siteUrl: options.siteUrl ?? null },
    authors: authorList.map((author, index) => ({ ...author, handle: handles[index]! })),
    tags: nameTagsByUse([...tags.values()], candidates),
    posts: paired.posts,
    warnings: [...warnings, ...paired.warnings],
  };
}

/** A featured image from the conventions of Hugo themes: a `featured-image`/`cover` resource or a field. */
function readCover(data: Record<string, unknown>): string | null {
  if (Array.isArray(data.resources)) {
    for (const resource of data.resources as Array<Record<string, unknown>>) {
      const name = `${text(resource?.name) ?? ''} ${text(resource?.src) ?? ''}`;
      if (/(^|[\s/])(featured[-_]?image|featured|cover)\b/i.test(name) && text(resource.src)) return text(resource.src);
    }
  }
  const cover = data.cover as unknown;
  return (
    text(data.featuredImage) ?? text(data.featured_image) ?? text(data.featureimage) ?? text(data.image) ??
    (typeof cover === 'string' ? text(cover) : text((cover as Record<string, unknown> | undefined)?.image)) ??
    (Array.isArray(data.images) ? text(data.images[0]) : null)
  );
}

function list(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (!Array.isArray(value)) return [];
  return value.map((item) => (typeof item === 'string' || typeof item === 'number' ? String(item).trim() : '')).filter(Boolean);
}

function text(value: unknown): string | null {
  return typeof value === 'number' ? String(value) : optionalText(value);
}

function firstHeading(markdown: string): string | null {
  return /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(markdown)?.[1]?.trim() ?? null;
}

function humanize(slug: string): string {
  return slug.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

function normalizePath(path: string): string {
  return posix.normalize(path.replace(/\\/g, '/')).replace(/^(\.\/)+|^\/+/, '');
}
