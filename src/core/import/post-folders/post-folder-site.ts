// Tells a Hexo site from a Jekyll site by its folders and reads what its `_config.yml`
// says about languages and the site's address. Hexo keeps posts in `source/_posts` and
// drafts in `source/_drafts`, and names its languages in `language` (one code or a list,
// the first the default) and `timezone` for dates written without one; Jekyll keeps them in `_posts` and `_drafts`, and with
// jekyll-polyglot lists `languages` and `default_lang`. `url` (with Jekyll's `baseurl`
// or Hexo's `root`) is the site's own address, which identifies it across imports.
import { parse as parseYaml } from 'yaml';
import { isTimeZone } from '@/core/time/zoned-time';

export type PostFolderKind = 'hexo' | 'jekyll';

export interface PostFolderSite {
  kind: PostFolderKind;
  /** Language keys the configuration lists, lower-case, the default first. */
  languages: string[];
  defaultLanguage: string | null;
  /** Hexo's `post_asset_folder`: each post's images sit in a folder named after it. */
  postAssetFolder: boolean;
  /** The site's own address from `url` (+ `baseurl` or `root`), if any. */
  url: string | null;
  /** `timezone`: the zone of dates written without one (else they are read as UTC). */
  timeZone: string | null;
  /** What could not be read in the configuration. */
  problems: string[];
}

/** Hexo or Jekyll by the folders of the site (paths relative to its root), else null. */
export function detectPostFolderKind(paths: readonly string[]): PostFolderKind | null {
  if (paths.some((p) => /^source\/_(posts|drafts)\//.test(p))) return 'hexo';
  if (paths.some((p) => /^_(posts|drafts)\//.test(p))) return 'jekyll';
  return null;
}

export function readPostFolderSite(kind: PostFolderKind, configText: string | null): PostFolderSite {
  const site: PostFolderSite = { kind, languages: [], defaultLanguage: null, postAssetFolder: false, url: null, timeZone: null, problems: [] };
  if (configText === null) return site;
  let data: Record<string, unknown>;
  try {
    const parsed: unknown = parseYaml(configText, { maxAliasCount: 50, prettyErrors: false });
    data = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch (error) {
    site.problems.push(`_config.yml cannot be read (${String(error instanceof Error ? error.message : error).split('\n')[0]}), so its languages, address and time zone were not read from it`);
    return site;
  }
  const codes = (value: unknown): string[] =>
    (Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [])
      .filter((v): v is string => typeof v === 'string' && v.trim() !== '' && v !== 'default')
      .map((v) => v.trim().toLowerCase());
  if (typeof data.timezone === 'string' && data.timezone.trim()) {
    if (isTimeZone(data.timezone.trim())) site.timeZone = data.timezone.trim();
    else site.problems.push(`names a time zone Duet does not know (${data.timezone}), so dates without a zone are read as UTC`);
  }
  if (kind === 'hexo') {
    site.languages = codes(data.language);
    site.defaultLanguage = site.languages[0] ?? null;
    site.postAssetFolder = data.post_asset_folder === true;
    site.url = joinUrl(data.url, data.root);
  } else {
    site.languages = codes(data.languages);
    const fallback = typeof data.default_lang === 'string' ? data.default_lang : typeof data.lang === 'string' ? data.lang : null;
    site.defaultLanguage = fallback?.toLowerCase() ?? site.languages[0] ?? null;
    if (site.defaultLanguage && !site.languages.includes(site.defaultLanguage)) site.languages.unshift(site.defaultLanguage);
    site.url = joinUrl(data.url, data.baseurl);
  }
  return site;
}

function joinUrl(url: unknown, base: unknown): string | null {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url.trim())) return null;
  const path = typeof base === 'string' ? base.trim().replace(/^\/+|\/+$/g, '') : '';
  return `${url.trim().replace(/\/+$/, '')}${path ? `/${path}` : ''}`;
}
