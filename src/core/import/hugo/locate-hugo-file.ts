// Where a Hugo content file sits and what that says: its language (from a `.zh-cn.md`
// suffix, its language's content folder, or the site's default language), the key its
// translations share (the same path with the language taken out, which is how Hugo pairs
// them), whether it is a page or a section list, and its default slug. With the site's
// configuration (read-hugo-config.ts) a suffix is a language only when the configuration
// lists it, as in Hugo, and a file outside the site's content folders is not content.
// Without it a suffix counts when it is a two-letter code (with an optional region), a code
// the importer was told about, or one that names Chinese or English, and `content.en/`
// style folders name their language.
import { posix } from 'node:path';
import type { Locale } from '@/core/locales';
import { chineseScript, isLanguageCode, mapLocaleCode } from '../detect-locale';
import type { HugoSiteConfig } from './read-hugo-config';

export interface HugoLocation {
  /** The site's folder (the one holding `content/`), '' when files are given from the content root. */
  siteRoot: string;
  /** Path inside the content folder. */
  contentPath: string;
  /** The language key the path or the configuration names, if any. */
  language: string | null;
  /** The language's code (`languageCode` from the configuration, else the key). */
  code: string | null;
  /** Duet's language for it; null for another language. */
  locale: Locale | null;
  /** For Chinese, which script the code names. */
  script: 'simplified' | 'traditional' | null;
  /** Translations of one page share this key. */
  groupKey: string;
  kind: 'post' | 'page';
  /** An `_index.md` file: the list page of a section or a taxonomy term. */
  isSection: boolean;
  slug: string;
}

export interface LocateOptions {
  /** Content folders and their language (`{"content.en": "en"}`), relative to the files' root. */
  contentDirs?: Readonly<Record<string, string>>;
  /** The site's own language keys (`{cn: 'zh'}`), when they are not language codes. */
  languages?: Readonly<Record<string, Locale | null>>;
  /** Sites whose configuration came with the files, deepest first (read-hugo-config.ts). */
  sites?: readonly HugoSiteConfig[];
}

const contentFolder = /^content(?:[._-]([a-z]{2,3}(?:[-_][a-z0-9]{2,8}){0,2}))?$/i;

/** Where `path` sits, or null when a configured site does not read it as content. */
export function locateHugoFile(path: string, options: LocateOptions): HugoLocation | null {
  const site = options.sites?.find((s) => s.root === '' || path.startsWith(`${s.root}/`));
  const split = site ? splitBySite(path, site) : splitContentRoot(path, options);
  if (!split) return null;
  const { siteRoot, contentPath, folderLanguage } = split;
  const extension = posix.extname(contentPath);
  const withoutExtension = contentPath.slice(0, -extension.length);
  const suffix = posix.extname(withoutExtension).slice(1);
  const fileLanguage = suffix && isLanguageSuffix(suffix, options, site) ? suffix.toLowerCase() : null;
  const base = fileLanguage ? withoutExtension.slice(0, -(suffix.length + 1)) : withoutExtension;
  const language = fileLanguage ?? folderLanguage ?? (site?.defaultLanguage || null);
  const code = language === null ? null : (site?.languages.get(language.toLowerCase())?.code ?? language);
  const name = posix.basename(base);
  const directory = posix.dirname(base);
  const isSection = name === '_index';
  const override = language === null ? undefined : options.languages?.[language.toLowerCase()];
  return {
    siteRoot,
    contentPath,
    language,
    code,
    // A language the configuration disables is not built by Hugo: left out like another language.
    locale: language === null || site?.languages.get(language.toLowerCase())?.disabled ? null : override !== undefined ? override : mapLocaleCode(code),
    script: override === undefined ? chineseScript(code) : override === 'zh' ? 'simplified' : null,
    groupKey: posix.join(siteRoot, base),
    // Section lists (`_index.md`) and files at the top of the content folder are pages.
    kind: isSection || directory === '.' ? 'page' : 'post',
    isSection,
    slug: name === 'index' || isSection ? (directory === '.' ? 'home' : posix.basename(directory)) : name,
  };
}

/** The content folder of a configured site `path` is in: a language's own first, the longest first. */
function splitBySite(path: string, site: HugoSiteConfig): { siteRoot: string; contentPath: string; folderLanguage: string | null } | null {
  const folders: Array<[string, string | null]> = [[site.contentDir, null]];
  for (const language of site.languages.values()) if (language.contentDir) folders.push([language.contentDir, language.key]);
  folders.sort((a, b) => b[0].length - a[0].length);
  for (const [folder, language] of folders) {
    const prefix = `${posix.join(site.root, folder)}/`.replace(/^\//, '');
    if (prefix === '' || path.startsWith(prefix)) return { siteRoot: site.root, contentPath: path.slice(prefix.length), folderLanguage: language };
  }
  return null;
}

function splitContentRoot(path: string, options: LocateOptions): { siteRoot: string; contentPath: string; folderLanguage: string | null } {
  for (const [folder, language] of Object.entries(options.contentDirs ?? {})) {
    const prefix = folder.replace(/\/+$/, '') + '/';
    if (path.startsWith(prefix)) return { siteRoot: posix.dirname(folder.replace(/\/+$/, '')).replace(/^\.$/, ''), contentPath: path.slice(prefix.length), folderLanguage: language };
  }
  const segments = path.split('/');
  for (let index = segments.length - 2; index >= 0; index--) {
    const match = contentFolder.exec(segments[index]!);
    if (match) {
      return { siteRoot: segments.slice(0, index).join('/'), contentPath: segments.slice(index + 1).join('/'), folderLanguage: match[1] ?? null };
    }
  }
  return { siteRoot: '', contentPath: path, folderLanguage: null };
}

function isLanguageSuffix(suffix: string, options: LocateOptions, site: HugoSiteConfig | undefined): boolean {
  if (options.languages && suffix.toLowerCase() in options.languages) return true;
  if (site && site.languages.size > 0) return site.languages.has(suffix.toLowerCase());
  if (!isLanguageCode(suffix)) return false;
  return mapLocaleCode(suffix) !== null || /^[a-z]{2}(?:[-_][a-z0-9]{2,8})?$/i.test(suffix);
}
