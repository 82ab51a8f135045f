// Reads the Markdown files of a Hugo site (or any folder of Markdown with front matter)
// into Duet's import document, as Hugo builds the site. The caller passes each text file
// (the site's configuration among them: read-hugo-config.ts); images and other files are
// named in `archiveFiles` so references to them resolve. A file's language comes from its
// suffix (`index.zh.md`), its language's content folder or the site's default language;
// only a file none of these name has its language told from its text. Translations pair
// the way Hugo pairs them: by a shared `translationKey`, else by the same path in each
// language (hugo-languages.ts decides Chinese scripts and other languages). Section and
// taxonomy lists (`_index.md`) are not posts: their words describe the tag of their term or
// section (hugo-list-pages.ts). Headless bundles and a bundle's own Markdown resources are
// not posts either; files at the top of the content folder are pages.
import { posix } from 'node:path';
import type { Locale } from '@/core/locales';
import { collectMedia, type MediaContext, mediaWarnings, resolveMedia } from '../collect-media';
import type { ImportAuthor, ImportDocument, ImportMediaRef, ImportWarning } from '../import-document';
import { chooseLocale, type ImportOptions, resolveMapping } from '../import-options';
import { toImportSlug, toIsoUtc, toPlainLine, uniqueSlugs } from '../import-values';
import { authorIdsOf, tagIdsOf } from '../front-matter-names';
import { nameTagsByUse, type PlainTag } from '../name-tags-by-use';
import { pairTexts, type TextCandidate } from '../pair-texts';
import { convertHugoBody } from './convert-hugo-body';
import { withoutShortcodes } from './convert-hugo-shortcodes';
import { fallbackRefPath, refName } from './hugo-refs';
import { expiryOf, isHeadless, list, oldAddresses, readCover, text } from './hugo-front-fields';
import { HugoLanguages, slugsFromPaths } from './hugo-languages';
import { describeTags, type ListPage, listPageDescription } from './hugo-list-pages';
import { type HugoLocation, type LocateOptions, locateHugoFile } from './locate-hugo-file';
import { FrontMatterError, readFrontMatter } from './read-front-matter';
import { type HugoSiteConfig, inferLanguageFolders, readHugoConfigs } from './read-hugo-config';

export interface HugoFile {
  /** Path relative to the folder the writer chose, `/`-separated. */
  path: string;
  content: string;
}

export type HugoImportOptions = ImportOptions & LocateOptions & {
  /** Treated as "now" for future-dated and expired pages, which Hugo does not publish. */
  now?: Date;
};

const markdownFile = /\.(md|markdown|mdown|mkd)$/i;

export function parseHugoFiles(files: readonly HugoFile[], options: HugoImportOptions = {}): ImportDocument {
  const warnings: ImportWarning[] = [];
  const configured = options.sites ?? readHugoConfigs(files);
  const sites = [...configured, ...inferLanguageFolders(files.map((f) => normalizePath(f.path)), configured)].sort((a, b) => b.root.length - a.root.length);
  for (const site of sites) for (const problem of site.problems) warnings.push({ code: 'skipped', sourceId: site.root || '.', message: `The site configuration ${problem}; its languages were not read from it.` });
  const locateOptions: LocateOptions = { ...options, sites };
  const paths = new Set(files.map((file) => normalizePath(file.path)));
  const archiveFiles = new Set([...(options.archiveFiles ?? []), ...paths]);
  const now = (options.now ?? new Date()).toISOString();
  const tags = new Map<string, PlainTag>();
  const authors = new Map<string, ImportAuthor>();
  const languages = new HugoLanguages(warnings);
  const pathSlugs = new Map<TextCandidate, HugoLocation>();
  const refNames = new Map<TextCandidate, string>();
  const listPages: ListPage[] = [];

  const located = files.flatMap((file) => {
    const path = normalizePath(file.path);
    if (!markdownFile.test(path) || /(^|\/)(README|LICENSE)[^/]*$/i.test(path)) return [];
    const place = locateHugoFile(path, locateOptions);
    return place ? [{ path, content: file.content, place }] : [];
  });
  // A leaf bundle (a folder with an index file) owns every file under it: its Markdown is a resource, not a page.
  const bundles = new Set(located.filter((f) => /^index(\.[^./]+)?\.\w+$/i.test(posix.basename(f.path))).map((f) => posix.dirname(f.path)));
  const inBundle = (path: string) => {
    for (let dir = posix.dirname(path); dir !== '.' && dir !== ''; dir = posix.dirname(dir)) if (bundles.has(dir)) return true;
    return false;
  };

  for (const { path, content, place } of located) {
    if (!/^index\./i.test(posix.basename(path)) && inBundle(path)) continue;
    if (place.language && !place.locale) {
      languages.skip(place.language, path, place.code && place.code.toLowerCase() !== place.language.toLowerCase() ? `is in ${place.language} (${place.code})` : undefined);
      continue;
    }
    let front;
    try {
      front = readFrontMatter(content);
    } catch (error) {
      if (!(error instanceof FrontMatterError)) throw error;
      warnings.push({ code: 'skipped', sourceId: path, message: `${path} was not imported: ${error.message}.` });
      continue;
    }
    if (front.ignored.length > 0) warnings.push({ code: 'field-ignored', sourceId: path, message: `Front-matter fields that cannot be read were left out: ${front.ignored.join(', ')}.` });
    const data = front.data;
    if (isHeadless(data)) {
      warnings.push({ code: 'skipped', sourceId: path, message: `${path} is a headless bundle (Hugo renders no page for it), so it is not a post.` });
      continue;
    }
    if (place.isSection && !place.contentPath.includes('/')) {
      warnings.push({ code: 'skipped', sourceId: path, message: `${path} is the list page of the home page: Duet makes its own, so it is not a page.` });
      continue;
    }
    // A ref/relref is answered once every page's slug is known (resolveRefs, below).
    const body = convertHugoBody(front.body, { resolveRef: refMarker });
    if (place.isSection) {
      // A term's or section's words may describe a tag (hugo-list-pages.ts), once every tag is known.
      const listLocale = place.locale ?? options.defaultLocale ?? chooseLocale(body.markdown, path, options, warnings).locale;
      listPages.push({ path, contentPath: place.contentPath, locale: listLocale, title: text(data.title), description: listPageDescription(text(data.description), body.markdown) });
      continue;
    }
    const title = text(data.title) ?? firstHeading(body.markdown) ?? humanize(place.slug);
    // Front matter's own summary and description may hold shortcodes too: never in an excerpt.
    const excerpt = text(data.summary) ? withoutShortcodes(toPlainLine(text(data.summary)!)) : body.summary;
    const description = text(data.description) ? withoutShortcodes(toPlainLine(text(data.description)!)) || null : null;
    const frontLanguage = text(data.lang) ?? text(data.language);
    let locale: Locale | null = place.locale;
    let script = place.script;
    if (!place.language && frontLanguage) {
      const override = options.languages?.[frontLanguage.toLowerCase()];
      const fromFront = languages.classify(frontLanguage);
      locale = override !== undefined ? override : fromFront.locale;
      script = override !== undefined ? null : fromFront.script;
      if (!locale) {
        languages.skip(frontLanguage, path);
        continue;
      }
    }
    const sample = `${title}\n${excerpt}\n${body.markdown}`;
    if (!locale && !options.defaultLocale && languages.otherScript(sample, path)) continue;
    const { locale: textLocale, evidence } = locale ? { locale, evidence: 'marker' as const } : chooseLocale(sample, path, options, warnings);

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
    const expiry = expiryOf(data);
    const expired = expiry !== null && expiry <= now;
    const draft = data.draft === true || data.draft === 'true' || expired;
    if (expired && !(data.draft === true || data.draft === 'true')) warnings.push({ code: 'expired', sourceId: path, message: `${path} expired on ${expiry}; Hugo no longer publishes it, so it is imported as a draft.` });
    if (data.hiddenFromHomePage === true || data.hiddenfromhomepage === true) {
      warnings.push({ code: 'field-ignored', sourceId: path, message: `${path} is hidden from the home page in Hugo; Duet's home page lists every published post, so it shows there.` });
    }
    const status = draft ? 'draft' : date && date > now ? 'scheduled' : 'published';
    const tagIds = tagIdsOf([...list(data.tags), ...list(data.categories)], tags);
    const authorIds = authorIdsOf([...list(data.authors), ...list(data.author)], authors);
    const explicitSlug = text(data.slug) ?? (text(data.url) ? posix.basename(text(data.url)!.replace(/\/+$/, '')) : null);
    const pageFolder = posix.dirname(place.contentPath);
    const candidate: TextCandidate = {
      text: {
        sourceId: path,
        locale: textLocale,
        localeEvidence: evidence,
        slug: toImportSlug(explicitSlug ?? place.slug, title, textLocale),
        title,
        excerpt,
        body: body.markdown,
        seoTitle: null,
        seoDescription: description,
        status,
        passwordProtected: false,
        publishedAt: status === 'draft' ? null : date,
        createdAt: date,
        updatedAt: toIsoUtc(data.lastmod) ?? toIsoUtc(data.modified) ?? date,
        canonicalUrl: text(data.canonicalURL) ?? text(data.canonicalUrl) ?? text(data.canonical),
        media: textMedia,
        redirects: languagePrefixed(oldAddresses(data, pageFolder === '.' ? '' : pageFolder), place, sites),
      },
      kind: data.type === 'page' ? 'page' : place.kind,
      featured: data.featured === true || data.pinned === true,
      authors: [...new Set(authorIds)],
      tags: [...new Set(tagIds)],
      cover: cover?.ref ?? null,
      group: text(data.translationKey) ? `key:${text(data.translationKey)}` : `path:${place.groupKey}`,
      urls: [...list(data.aliases), ...(text(data.url) ? [text(data.url)!] : [])],
    };
    if (!explicitSlug) pathSlugs.set(candidate, place);
    refNames.set(candidate, refName(place.contentPath));
    languages.add(candidate, script, place.language ?? frontLanguage);
  }

  const candidates = languages.finish();
  slugsFromPaths(candidates, pathSlugs);
  resolveRefs(candidates, refNames);
  const paired = pairTexts(candidates, { mapping: resolveMapping(options.mapping) });
  const authorList = [...authors.values()];
  const handles = uniqueSlugs(authorList.map((author) => author.handle));
  const importTags = nameTagsByUse([...tags.values()], candidates);
  describeTags(listPages, importTags, candidates, warnings);
  return {
    source: { kind: 'hugo', version: null, siteUrl: options.siteUrl ?? null },
    authors: authorList.map((author, index) => ({ ...author, handle: handles[index]! })),
    tags: importTags,
    posts: paired.posts,
    warnings: [...warnings, ...paired.warnings],
    ...(languages.skipped.size > 0 ? { skippedLanguages: Object.fromEntries(languages.skipped) } : {}),
  };
}

/**
 * Hugo publishes a page of a language served under its own prefix (`/zh/…`) at its aliases
 * under that prefix too; both forms redirect, since an old link may use either.
 */
function languagePrefixed(addresses: string[], place: HugoLocation, sites: readonly HugoSiteConfig[]): string[] {
  const site = sites.find((s) => s.root === place.siteRoot);
  const key = place.language?.toLowerCase();
  if (!site || !key || site.languages.size === 0 || (key === site.defaultLanguage && !site.defaultInSubdir)) return addresses;
  const prefixed = addresses.filter((a) => !a.startsWith(`/${key}/`)).map((a) => `/${key}${a}`);
  return [...new Set([...addresses, ...prefixed])];
}

const refPrefix = 'duet-ref:';
// Percent-encoded down to letters, digits, `-_.~` and `%`, so a marker never swallows the
// `)` that closes the Markdown link around it.
const refMarkers = /duet-ref:([\w.~%-]+)/g;
const refMarker = (target: string) => `${refPrefix}${encodeURIComponent(target).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/**
 * A ref/relref leads to the page it names as Duet publishes it: the text of that name in
 * the referring text's language, else in the other, else `/posts/<name>` as before.
 */
function resolveRefs(candidates: readonly TextCandidate[], names: ReadonlyMap<TextCandidate, string>): void {
  const byName = new Map<string, TextCandidate[]>();
  for (const candidate of candidates) {
    const name = names.get(candidate);
    if (name) byName.set(name, [...(byName.get(name) ?? []), candidate]);
  }
  for (const candidate of candidates) {
    if (!candidate.text.body.includes(refPrefix)) continue;
    candidate.text.body = candidate.text.body.replace(refMarkers, (_marker, encoded: string) => {
      const target = decodeURIComponent(encoded);
      const [path = '', anchor] = target.split('#', 2);
      const found = byName.get(refName(path)) ?? [];
      const page = found.find((c) => c.text.locale === candidate.text.locale) ?? found[0];
      if (!page) return fallbackRefPath(target);
      const address = `/${page.text.locale}${page.kind === 'page' ? '' : '/posts'}/${page.text.slug}`;
      return `${address}${anchor ? `#${anchor}` : ''}`;
    });
  }
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
