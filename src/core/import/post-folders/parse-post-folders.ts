// Reads a Hexo or Jekyll site's Markdown into Duet's import document, the way the Hugo
// importer reads a Hugo site (hugo/parse-hugo-files.ts), with the same language rules
// (hugo/hugo-languages.ts). Posts are `source/_posts` (Hexo) or `_posts` (Jekyll), drafts
// `_drafts` or `published: false`; any other Markdown page with front matter outside the
// generator's `_` folders and themes is a page. A text's language is its `lang` field
// (jekyll-polyglot, Hexo), else a language folder (`_posts/zh/…`) or suffix (`hello.zh.md`)
// the configuration lists, else the site's default language; only a file none of these
// name has its language told from its text. Translations pair by a shared `ref` (or
// `translationKey`, `i18n_key`), then a shared `permalink` (as polyglot pairs them), then
// the same path with its language taken out. A post's date is its `date` field, else the
// date its file name starts with (`2024-03-01-hello.md`), which the slug leaves out.
// Source ids are paths relative to the site's folder.
import { posix } from 'node:path';
import type { Locale } from '@/core/locales';
import { zonedToUtc } from '@/core/time/zoned-time';
import { chineseScript, isLanguageCode, mapLocaleCode } from '../detect-locale';
import { collectMedia, type MediaContext, mediaWarnings, resolveMedia } from '../collect-media';
import type { ImportAuthor, ImportDocument, ImportMediaRef, ImportWarning } from '../import-document';
import { chooseLocale, type ImportOptions, resolveMapping } from '../import-options';
import { toImportSlug, toIsoUtc, toPlainLine, uniqueSlugs } from '../import-values';
import { authorIdsOf, tagIdsOf } from '../front-matter-names';
import { nameTagsByUse, type PlainTag } from '../name-tags-by-use';
import { pairTexts, type TextCandidate } from '../pair-texts';
import { convertHugoBody } from '../hugo/convert-hugo-body';
import { list, oldAddresses, readCover, text } from '../hugo/hugo-front-fields';
import { HugoLanguages } from '../hugo/hugo-languages';
import type { LocateOptions } from '../hugo/locate-hugo-file';
import { FrontMatterError, readFrontMatter } from '../hugo/read-front-matter';
import { convertLiquidTags } from './convert-liquid-tags';
import type { PostFolderSite } from './post-folder-site';

export interface PostFolderFile {
  /** Path relative to the site's folder, `/`-separated. */
  path: string;
  content: string;
}

export type PostFolderOptions = ImportOptions & Pick<LocateOptions, 'languages'> & {
  /** Treated as "now" for future-dated posts. */
  now?: Date;
};

const markdownFile = /\.(md|markdown|mdown|mkd)$/i;
const datedName = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/;

interface Place {
  kind: 'post' | 'page';
  draft: boolean;
  /** The language its folder or suffix names. */
  language: string | null;
  /** The path without the site's folders and language marks: translations share it. */
  groupKey: string;
  slug: string;
  fileDate: string | null;
  /** The folder relative references of its body are read from. */
  assetFolder: string;
}

export function parsePostFolders(files: readonly PostFolderFile[], site: PostFolderSite, options: PostFolderOptions = {}): ImportDocument {
  const warnings: ImportWarning[] = site.problems.map((problem) => ({ code: 'skipped' as const, sourceId: '_config.yml', message: `The site configuration ${problem}.` }));
  const archiveFiles = new Set([...(options.archiveFiles ?? []), ...files.map((f) => f.path)]);
  const now = (options.now ?? new Date()).toISOString();
  const tags = new Map<string, PlainTag>();
  const authors = new Map<string, ImportAuthor>();
  const languages = new HugoLanguages(warnings);
  const media: MediaContext = { archiveFiles, rootFolders: site.kind === 'hexo' ? ['source', ''] : [''] };

  // With post_asset_folder, `source/_posts/hello/` belongs to `source/_posts/hello.md`: its Markdown is a file of the post.
  const assetFolders = new Set(site.kind === 'hexo' && site.postAssetFolder ? files.filter((f) => /^source\/_(posts|drafts)\//.test(f.path)).map((f) => f.path.replace(markdownFile, '')) : []);
  const inAssetFolder = (path: string) => {
    for (let dir = posix.dirname(path); dir !== '.' && dir !== ''; dir = posix.dirname(dir)) if (assetFolders.has(dir)) return true;
    return false;
  };

  for (const file of files) {
    const place = locate(file.path, site);
    if (!place || inAssetFolder(file.path)) continue;
    let front;
    try {
      front = readFrontMatter(hexoFrontMatter(file.content, site));
    } catch (error) {
      if (!(error instanceof FrontMatterError)) throw error;
      warnings.push({ code: 'skipped', sourceId: file.path, message: `${file.path} was not imported: ${error.message}.` });
      continue;
    }
    const data = front.data;
    // Jekyll copies a page without front matter as it is; a home or list layout is the generator's own list.
    if (place.kind === 'page' && (Object.keys(data).length === 0 || /^(home|index|archive|blog|tags?|categories)$/i.test(text(data.layout) ?? ''))) {
      if (Object.keys(data).length > 0) warnings.push({ code: 'skipped', sourceId: file.path, message: `${file.path} is the site's ${text(data.layout)} list: Duet makes its own lists, so it is not a page.` });
      continue;
    }
    const liquid = convertLiquidTags(front.body);
    const body = convertHugoBody(liquid.markdown.replace(/^[ \t]*<!--\s*more\s*-->[ \t]*$/m, '<!--more-->'));
    const kept = [...liquid.kept, ...body.kept];
    if (kept.length > 0) warnings.push({ code: 'shortcode-kept', sourceId: file.path, message: `Tags kept as text: ${[...new Set(kept)].join(', ')}.` });
    const title = text(data.title) ?? humanize(place.slug);
    const excerpt = text(data.excerpt) ? toPlainLine(text(data.excerpt)!) : body.summary;

    const frontLanguage = text(data.lang) ?? text(data.language) ?? text(data.locale);
    const code = frontLanguage ?? place.language ?? site.defaultLanguage;
    const override = code ? options.languages?.[code.toLowerCase()] : undefined;
    const locale: Locale | null = code ? (override !== undefined ? override : languages.classify(code).locale) : null;
    const script = code && override === undefined ? languages.classify(code).script : null;
    if (code && !locale) {
      languages.skip(code, file.path);
      continue;
    }
    const sample = `${title}\n${excerpt}\n${body.markdown}`;
    if (!locale && !options.defaultLocale && languages.otherScript(sample, file.path)) continue;
    const { locale: textLocale, evidence } = locale ? { locale, evidence: 'marker' as const } : chooseLocale(sample, file.path, options, warnings);

    const textPath = `${place.assetFolder}/_`;
    const coverSource = readCover(data) ?? text(data.thumbnail) ?? text(data.banner);
    const cover = coverSource ? resolveMedia(coverSource, media, textPath) : null;
    const found = collectMedia(body.markdown, media, textPath);
    if (cover?.problem) found.problems[cover.problem].unshift(cover.ref.source);
    warnings.push(...mediaWarnings(file.path, found.problems));
    const textMedia: ImportMediaRef[] = cover ? [cover.ref, ...found.media.filter((m) => m.source !== cover.ref.source)] : found.media;

    const date = readDate(data.date, site.timeZone) ?? place.fileDate;
    const draft = place.draft || data.published === false || data.published === 'false' || data.draft === true;
    const status = draft ? 'draft' : date && date > now ? 'scheduled' : 'published';
    const tagIds = tagIdsOf([...words(data.tags, site), ...words(data.tag, site), ...words(data.categories, site), ...words(data.category, site)], tags);
    const authorIds = authorIdsOf([...list(data.authors), ...list(data.author)], authors);
    const permalink = text(data.permalink);
    const explicitSlug = text(data.slug) ?? (permalink ? posix.basename(permalink.replace(/\/+$/, '').replace(/\.html?$/, '')) || null : null);
    const key = text(data.ref) ?? text(data.translationKey) ?? text(data.translation_key) ?? text(data.i18n_key) ?? text(data.lang_ref);
    const candidate: TextCandidate = {
      text: {
        sourceId: file.path,
        locale: textLocale,
        localeEvidence: evidence,
        slug: toImportSlug(explicitSlug ?? place.slug, title, textLocale),
        title,
        excerpt,
        body: body.markdown,
        seoTitle: null,
        seoDescription: text(data.description),
        status,
        passwordProtected: false,
        publishedAt: status === 'draft' ? null : date,
        createdAt: date,
        updatedAt: readDate(data.updated, site.timeZone) ?? readDate(data.last_modified_at, site.timeZone) ?? readDate(data.modified, site.timeZone) ?? date,
        canonicalUrl: text(data.canonical_url) ?? text(data.canonicalUrl) ?? text(data.canonical),
        media: textMedia,
        redirects: oldAddresses({ aliases: [...list(data.redirect_from), ...list(data.alias), ...list(data.aliases)] }, ''),
      },
      kind: place.kind,
      featured: data.sticky === true || (typeof data.sticky === 'number' && data.sticky > 0) || data.pinned === true || data.featured === true,
      authors: [...new Set(authorIds)],
      tags: [...new Set(tagIds)],
      cover: cover?.ref ?? null,
      group: key ? `key:${key}` : permalink ? `permalink:${permalink.replace(/^\/+|\/+$/g, '').replace(/^[a-z]{2}(?:-[a-z]{2,4})?\//i, '')}` : `path:${place.kind}:${place.groupKey}`,
      urls: permalink ? [permalink] : [],
    };
    languages.add(candidate, script, code);
  }

  const candidates = languages.finish();
  const paired = pairTexts(candidates, { mapping: resolveMapping(options.mapping) });
  const authorList = [...authors.values()];
  const handles = uniqueSlugs(authorList.map((author) => author.handle));
  return {
    source: { kind: site.kind, version: null, siteUrl: options.siteUrl ?? null, identity: site.url },
    authors: authorList.map((author, index) => ({ ...author, handle: handles[index]! })),
    tags: nameTagsByUse([...tags.values()], candidates),
    posts: paired.posts,
    warnings: [...warnings, ...paired.warnings],
    ...(languages.skipped.size > 0 ? { skippedLanguages: Object.fromEntries(languages.skipped) } : {}),
  };
}

/** What a file of the site is: a post, a draft or a page, or null when it is not content. */
function locate(path: string, site: PostFolderSite): Place | null {
  if (!markdownFile.test(path) || /(^|\/)(README|LICENSE|CHANGELOG)[^/]*$/i.test(path)) return null;
  const contentRoot = site.kind === 'hexo' ? 'source/' : '';
  if (!path.startsWith(contentRoot)) return null;
  const inside = path.slice(contentRoot.length);
  const segments = inside.split('/');
  const top = segments[0]!;
  const isPost = top === '_posts' || top === '_drafts';
  // The generator's own folders (`_layouts`, `_includes`, `_site`…), themes and dependencies are not content.
  if (!isPost && (segments.some((s) => s.startsWith('_')) || /^(themes|node_modules|vendor|public|scaffolds)$/.test(top))) return null;
  const folders = segments.slice(isPost ? 1 : 0, -1);
  const listed = (code: string | undefined) => (code && namesLanguage(code, site) ? code.toLowerCase() : null);
  const folderLanguage = listed(folders[0]);
  if (folderLanguage) folders.shift();
  let name = segments.at(-1)!.replace(markdownFile, '');
  const suffix = /\.([a-z]{2,3}(?:[-_][a-z0-9]{2,8})?)$/i.exec(name);
  const suffixLanguage = listed(suffix?.[1]);
  if (suffixLanguage) name = name.slice(0, -suffix![0].length);
  const dated = datedName.exec(name);
  const bare = dated ? dated[4]! : name;
  const pageName = !isPost && bare === 'index' ? (folders.at(-1) ?? 'home') : bare;
  const assetBase = segments.slice(0, -1).join('/');
  return {
    kind: isPost ? 'post' : 'page',
    draft: top === '_drafts',
    language: suffixLanguage ?? folderLanguage,
    groupKey: [...folders, pageName].join('/'),
    slug: pageName,
    fileDate: dated ? readDate(`${dated[1]}-${dated[2]}-${dated[3]}`, site.timeZone) : null,
    // Hexo's post_asset_folder: `source/_posts/hello.md` keeps its images in `source/_posts/hello/`.
    assetFolder: posix.join(contentRoot, assetBase, site.kind === 'hexo' && site.postAssetFolder && isPost ? segments.at(-1)!.replace(markdownFile, '') : ''),
  };
}

/**
 * A folder or suffix names a language the configuration lists, or one of the same Duet
 * language and script (`zh/` on a site of `zh-CN`); with no list, any code for Chinese or English.
 */
function namesLanguage(code: string, site: PostFolderSite): boolean {
  const key = code.toLowerCase();
  if (site.languages.includes(key)) return true;
  const locale = mapLocaleCode(key);
  if (!locale || !isLanguageCode(key)) return false;
  return site.languages.length === 0 || site.languages.some((l) => mapLocaleCode(l) === locale && chineseScript(l) === chineseScript(key));
}

/** Hexo also reads front matter with no opening `---` (`title: x` lines, then `---`). */
function hexoFrontMatter(content: string, site: PostFolderSite): string {
  if (site.kind !== 'hexo' || /^\uFEFF?(---|\+\+\+|;;;|\{)/.test(content)) return content;
  const end = /^---[ \t]*$/m.exec(content);
  if (!end || !/^\w[\w-]*:/.test(content)) return content;
  return `---\n${content}`;
}

/**
 * Jekyll writes `2024-03-01 09:30:00 +0800`; a date with no zone (Hexo's usual
 * `2024-03-01 09:30:00`, a file name's day) is in the site's `timezone`, else UTC.
 */
function readDate(value: unknown, timeZone: string | null): string | null {
  if (typeof value === 'string') {
    const text = value.trim();
    const zoned = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}:\d{2}(?::\d{2})?)\s*([+-])(\d{2}):?(\d{2})$/.exec(text);
    if (zoned) return toIsoUtc(`${zoned[1]}T${zoned[2]!.replace(/^(\d):/, '0$1:')}${zoned[3]}${zoned[4]}:${zoned[5]}`);
    const local = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2}:\d{2}(?::\d{2})?))?$/.exec(text);
    if (local && timeZone) {
      const time = (local[2] ?? '00:00').replace(/^(\d):/, '0$1:');
      const iso = toIsoUtc(`${local[1]}T${time}Z`);
      return iso ? zonedToUtc(`${local[1]}T${time}`, timeZone).toISOString() : null;
    }
  }
  return toIsoUtc(value);
}

/** Jekyll's `tags: one two` is two tags; Hexo's nested categories (`[[a, b]]`) are each a tag. */
function words(value: unknown, site: PostFolderSite): string[] {
  if (typeof value === 'string' && site.kind === 'jekyll') return value.split(/\s+/).filter(Boolean);
  if (Array.isArray(value)) return value.flatMap((item) => (Array.isArray(item) ? list(item) : list([item])));
  return list(value);
}

function humanize(slug: string): string {
  return slug.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}
