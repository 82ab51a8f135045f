// Reads what a Hugo site's configuration says about its languages, the way Hugo reads it:
// `hugo.toml|yaml|json` or `config.toml|yaml|json` at the site's root, or the files of
// `config/_default/` (where `languages.toml` holds the `languages` table and
// `hugo.toml`/`config.toml` the rest). Keys are compared without case, as Hugo does. Only
// the settings the importer uses are kept: each language's key, code and content folder,
// the site's content folder and its default language.
import { posix } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';

export interface HugoLanguage {
  /** The key under `languages` (`en`, `zh-cn`, `cn`): what file suffixes and paths use. */
  key: string;
  /** `languageCode` (or `locale`) when given, else the key. */
  code: string;
  /** The language's own content folder, relative to the site's root; null when it shares the site's. */
  contentDir: string | null;
  disabled: boolean;
}

export interface HugoSiteConfig {
  /** The folder holding the configuration, relative to the files' root ('' at the top). */
  root: string;
  /** The site's content folder, relative to `root` (`content` unless `contentDir` says otherwise). */
  contentDir: string;
  /** The language of files that name none; null when the configuration does not say. */
  defaultLanguage: string | null;
  /** True when the default language is also served under its own prefix (`/en/…`). */
  defaultInSubdir: boolean;
  /** Configured languages by lower-cased key; empty for a site with no `languages` table. */
  languages: Map<string, HugoLanguage>;
  /** Configuration files that could not be read, with why. */
  problems: string[];
}

export interface ConfigFile {
  path: string;
  content: string;
}

const rootConfig = /(^|\/)(hugo|config)\.(toml|ya?ml|json)$/i;
const splitConfig = /(^|\/)config\/_default\/([^/]+)\.(toml|ya?ml|json)$/i;

/** Whether the importer should read `path` as configuration (the folder reader asks). */
export function isHugoConfigPath(path: string): boolean {
  return rootConfig.test(path) || splitConfig.test(path);
}

/** Every site whose configuration is among `files`, deepest first (so a file belongs to its nearest site). */
export function readHugoConfigs(files: readonly ConfigFile[]): HugoSiteConfig[] {
  const byRoot = new Map<string, { settings: Record<string, unknown>; problems: string[] }>();
  const site = (root: string) => {
    let found = byRoot.get(root);
    if (!found) byRoot.set(root, (found = { settings: {}, problems: [] }));
    return found;
  };
  // Root files first, so `config/_default/` (which Hugo merges over them) wins.
  const ordered = [...files].filter((f) => isHugoConfigPath(f.path)).sort((a, b) => Number(splitConfig.test(a.path)) - Number(splitConfig.test(b.path)) || a.path.localeCompare(b.path));
  for (const file of ordered) {
    const split = splitConfig.exec(file.path);
    // `config/production/…` and other environments are not what a plain build reads.
    if (!split && /(^|\/)config\/[^/]+\/[^/]+$/.test(file.path)) continue;
    const root = split ? file.path.slice(0, split.index) : posix.dirname(file.path).replace(/^\.$/, '');
    const target = site(root);
    let data: Record<string, unknown>;
    try {
      data = lowerKeys(parseConfig(file.path, file.content)) as Record<string, unknown>;
    } catch (error) {
      target.problems.push(`${file.path} cannot be read: ${String((error as Error)?.message ?? error).split('\n')[0]!.slice(0, 200)}`);
      continue;
    }
    const name = split?.[2]!.toLowerCase();
    if (name && name !== 'hugo' && name !== 'config') merge(target.settings, { [name]: data });
    else merge(target.settings, data);
  }
  const sites = [...byRoot].map(([root, { settings, problems }]) => toSite(root, settings, problems));
  return sites.sort((a, b) => b.root.length - a.root.length);
}

function toSite(root: string, settings: Record<string, unknown>, problems: string[]): HugoSiteConfig {
  const languages = new Map<string, HugoLanguage>();
  const table = settings.languages;
  if (table && typeof table === 'object' && !Array.isArray(table)) {
    for (const [key, value] of Object.entries(table as Record<string, unknown>)) {
      const entry = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
      languages.set(key.toLowerCase(), {
        key: key.toLowerCase(),
        code: textOf(entry.languagecode) ?? textOf(entry.locale) ?? key,
        contentDir: textOf(entry.contentdir) ? clean(textOf(entry.contentdir)!) : null,
        disabled: entry.disabled === true,
      });
    }
  }
  const explicitDefault = textOf(settings.defaultcontentlanguage)?.toLowerCase() ?? null;
  return {
    root,
    contentDir: clean(textOf(settings.contentdir) ?? 'content'),
    // With a `languages` table Hugo's default is `en`; without one only an explicit setting counts
    // (a `languageCode = "en-us"` left from `hugo new site` says little about the texts).
    defaultLanguage: explicitDefault ?? (languages.size > 0 ? 'en' : null),
    defaultInSubdir: settings.defaultcontentlanguageinsubdir === true,
    languages,
    problems,
  };
}

function parseConfig(path: string, content: string): unknown {
  const text = content.replace(/^\uFEFF/, '');
  if (/\.toml$/i.test(path)) return parseToml(text);
  if (/\.json$/i.test(path)) return JSON.parse(text);
  return parseYaml(text, { maxAliasCount: 50, prettyErrors: false }) ?? {};
}

function lowerKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lowerKeys);
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k.toLowerCase(), lowerKeys(v)]));
}

function merge(into: Record<string, unknown>, from: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    if (current && value && typeof current === 'object' && typeof value === 'object' && !Array.isArray(current) && !Array.isArray(value)) {
      merge(current as Record<string, unknown>, value as Record<string, unknown>);
    } else {
      into[key] = value;
    }
  }
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function clean(dir: string): string {
  return posix.normalize(dir.replace(/\\/g, '/')).replace(/^(\.\/)+|\/+$/g, '').replace(/^\.$/, '');
}

/**
 * Sites that came without a configuration but whose `content/` holds one folder per
 * language (`content/en/`, `content/zh-cn/`), as Hugo sites with `languages.*.contentDir`
 * do: read as if the configuration named them, so each folder's files are in its language.
 * Only folders named for Chinese or English count, and only two or more side by side.
 */
export function inferLanguageFolders(paths: Iterable<string>, configured: readonly HugoSiteConfig[]): HugoSiteConfig[] {
  const byRoot = new Map<string, Set<string>>();
  for (const path of paths) {
    const match = /^(?:(.*)\/)?content\/([a-z]{2}(?:[-_][a-z0-9]{2,8}){0,2})\/./i.exec(path);
    if (!match || !/^(zh|en)([-_]|$)/i.test(match[2]!)) continue;
    const root = match[1] ?? '';
    if (configured.some((site) => site.root === root || (site.root !== '' && root.startsWith(`${site.root}/`)) || site.root === '')) continue;
    byRoot.set(root, (byRoot.get(root) ?? new Set()).add(match[2]!));
  }
  return [...byRoot].filter(([, folders]) => folders.size >= 2).map(([root, folders]) => ({
    root,
    contentDir: 'content',
    defaultLanguage: null,
    defaultInSubdir: false,
    languages: new Map([...folders].map((folder) => [folder.toLowerCase(), { key: folder.toLowerCase(), code: folder, contentDir: `content/${folder}`, disabled: false }])),
    problems: [],
  }));
}
