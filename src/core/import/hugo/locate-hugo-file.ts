// Where a Hugo content file sits and what that says: its language (from a `.zh-cn.md`
// suffix or a `content.zh/` folder), the key its translations share (the same path with
// the language taken out, which is how Hugo pairs them), whether it is a page, and its
// default slug. Hugo only knows a suffix is a language when the site config says so; here
// a suffix counts when it is a two-letter code (with an optional region), a code the
// importer was told about, or one that names Chinese or English.
import { posix } from 'node:path';
import type { Locale } from '@/core/locales';
import { isLanguageCode, mapLocaleCode } from '../detect-locale';

export interface HugoLocation {
  /** The site's folder (the one holding `content/`), '' when files are given from the content root. */
  siteRoot: string;
  /** Path inside the content folder. */
  contentPath: string;
  /** The language code the path names, if any. */
  language: string | null;
  /** Duet's language for it; null for another language. */
  locale: Locale | null;
  /** Translations of one page share this key. */
  groupKey: string;
  kind: 'post' | 'page';
  slug: string;
}

export interface LocateOptions {
  /** Content folders and their language (`{"content.en": "en"}`), relative to the files' root. */
  contentDirs?: Readonly<Record<string, string>>;
  /** The site's own language keys (`{cn: 'zh'}`), when they are not language codes. */
  languages?: Readonly<Record<string, Locale | null>>;
}

const contentFolder = /^content(?:[._-]([a-z]{2,3}(?:[-_][a-z0-9]{2,8}){0,2}))?$/i;

export function locateHugoFile(path: string, options: LocateOptions): HugoLocation {
  const { siteRoot, contentPath, folderLanguage } = splitContentRoot(path, options);
  const extension = posix.extname(contentPath);
  const withoutExtension = contentPath.slice(0, -extension.length);
  const suffix = posix.extname(withoutExtension).slice(1);
  const fileLanguage = suffix && isLanguageSuffix(suffix, options) ? suffix : null;
  const base = fileLanguage ? withoutExtension.slice(0, -(suffix.length + 1)) : withoutExtension;
  const language = fileLanguage ?? folderLanguage;
  const name = posix.basename(base);
  const directory = posix.dirname(base);
  const isSection = name === '_index';
  return {
    siteRoot,
    contentPath,
    language,
    locale: language === null ? null : (options.languages?.[language.toLowerCase()] ?? mapLocaleCode(language)),
    groupKey: posix.join(siteRoot, base),
    // Section lists (`_index.md`) and files at the top of the content folder are pages.
    kind: isSection || directory === '.' ? 'page' : 'post',
    slug: name === 'index' || isSection ? (directory === '.' ? 'home' : posix.basename(directory)) : name,
  };
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

function isLanguageSuffix(suffix: string, options: LocateOptions): boolean {
  if (options.languages && suffix.toLowerCase() in options.languages) return true;
  if (!isLanguageCode(suffix)) return false;
  return mapLocaleCode(suffix) !== null || /^[a-z]{2}(?:[-_][a-z0-9]{2,8})?$/i.test(suffix);
}
