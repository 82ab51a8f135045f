// Which site an import's source ids belong to, taken from the source itself, so the same
// export imported again (from the command line or the Studio, from whatever temporary
// path the upload was saved at, with or without --site-url) is recognised and creates
// nothing twice, while two sites' "post 1" are never taken for one:
// - Ghost: its post, tag and user ids are object ids (24 hex digits, made from a time, a
//   machine and a counter), unique across sites, and the export names no address; the
//   ids alone are the identity, under the key `ghost`.
// - WordPress: the post id within the site the WXR file says it came from (its own base
//   URL, never --site-url).
// - Hugo and Markdown folders: each file's path relative to the site's root, within the
//   site's baseURL from its configuration, or else the folder's name.
// - Hexo and Jekyll folders: the same, within the `url` of the site's `_config.yml` (the
//   document's `identity`), or else the folder's name.
// Earlier versions recorded the key with the file's path or the --site-url option; those
// keys are read too (`legacyKeys`, `legacyPrefix`), never written, so sites imported
// before are recognised without a migration, however often this runs.
import type { ImportDocument } from './import-document';

export interface SourceIdentity {
  /** What new records of this source are stored under. */
  key: string;
  /** Exact keys earlier versions stored the same site under. */
  legacyKeys: string[];
  /** Any key starting with this is the same source (ids unique across sites): Ghost's `ghost <path or url>`. */
  legacyPrefix: string | null;
}

export interface IdentityHints {
  /** The file or folder given to the importer, as earlier versions keyed it (absolute). */
  path?: string;
  /** A Hugo site's baseURL from its configuration. */
  baseUrl?: string | null;
  /** The folder's own name, when a Hugo site has no baseURL. */
  folderName?: string;
}

/** `https://Example.com/blog/` and `http://example.com/blog` are one site. */
export function normalizeSiteUrl(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)(.*)$/i.exec(trimmed);
  return match ? `//${match[1]!.toLowerCase()}${match[2]}` : trimmed;
}

export function sourceIdentity(source: ImportDocument['source'], hints: IdentityHints = {}): SourceIdentity {
  const legacy = (value: string | null | undefined) => (value ? [`${source.kind} ${value}`] : []);
  switch (source.kind) {
    case 'ghost':
      return { key: 'ghost', legacyKeys: [], legacyPrefix: 'ghost ' };
    case 'wxr': {
      const own = source.identity ?? source.siteUrl;
      return { key: own ? `wxr ${normalizeSiteUrl(own)}` : 'wxr', legacyKeys: [...legacy(source.siteUrl), ...legacy(own)], legacyPrefix: null };
    }
    case 'hugo': {
      const site = hints.baseUrl ? normalizeSiteUrl(hints.baseUrl) : `folder ${hints.folderName ?? ''}`.trim();
      return { key: `hugo ${site}`, legacyKeys: [...legacy(source.siteUrl), ...legacy(hints.path)], legacyPrefix: null };
    }
    case 'hexo':
    case 'jekyll': {
      const site = source.identity ? normalizeSiteUrl(source.identity) : `folder ${hints.folderName ?? ''}`.trim();
      return { key: `${source.kind} ${site}`, legacyKeys: [], legacyPrefix: null };
    }
    default:
      return { key: `${source.kind} ${source.siteUrl ?? ''}`.trim(), legacyKeys: [], legacyPrefix: null };
  }
}
