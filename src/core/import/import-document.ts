// Duet's own plain description of a site to import, whatever it came from (Ghost,
// WordPress WXR with Polylang or WPML, Hugo or Markdown folders, a Duet export): the
// parsers in core/import/<source>/ produce it, a dry run reports on it, and the database
// writer (server/import/) stores it. Plain data only: no SQL, no files opened here; a
// text's body may be read back from the body store its parser was given (body-store.ts).
import type { Locale } from '@/core/locales';

export type ImportSourceKind = 'ghost' | 'wxr' | 'hugo' | 'hexo' | 'jekyll' | 'duet';

/** Where a text's language came from, shown in the dry run so a wrong guess can be fixed. */
export type LocaleEvidence =
  | 'marker' // the source said so: Polylang/WPML language, Hugo file or folder, a Ghost #zh/#en tag
  | 'option' // the person importing said so (a per-file or mapping option)
  | 'detected'; // guessed from the text itself (share of Han characters)

/** How two texts became one Duet post. */
export type PairEvidence =
  | 'source' // the source pairs them: Polylang/WPML group, Hugo translation key, bundle or folder
  | 'translation-tag' // a shared translation tag (e.g. Ghost #translation-key)
  | 'slug' // the same slug in both languages
  | 'canonical' // one names the other as its canonical URL
  | 'mapping'; // a mapping file given to the importer

export type ImportStatus = 'published' | 'draft' | 'scheduled' | 'private' | 'pending';

export interface ImportMediaRef {
  /** The reference as written in the source (URL or path), so the body can be rewritten. */
  source: string;
  /** A path inside the archive or media folder, when the file came with the export. */
  archivePath: string | null;
  alt?: string;
  caption?: string;
}

export interface ImportText {
  /** The source's own id of this text (post id, file path), for idempotent re-runs. */
  sourceId: string;
  locale: Locale;
  localeEvidence: LocaleEvidence;
  slug: string;
  title: string;
  /** Hand-written excerpt only; empty when the source had none. */
  excerpt: string;
  /**
   * Clean Markdown (converted from HTML, mobiledoc, lexical or Gutenberg when needed). Read
   * it when it is needed and let it go: from a large export it comes from a temporary file.
   */
  body: string;
  seoTitle: string | null;
  seoDescription: string | null;
  status: ImportStatus;
  /** True when the source protected it with a password (imported as a draft, flagged). */
  passwordProtected: boolean;
  /**
   * Who alone could read it in the source, when not everyone (Ghost `members`, `paid`,
   * `tiers`). Duet has no paywall, so such a text arrives as `private`, never published.
   */
  restrictedTo?: string;
  /** ISO 8601 UTC. */
  publishedAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  canonicalUrl: string | null;
  /** Media this text refers to (cover, inline images), in order of appearance. */
  media: ImportMediaRef[];
  /** Site paths the text was also published at (Hugo `aliases`): each becomes a redirect to it. */
  redirects?: string[];
}

export interface ImportPost {
  /** Stable id across runs: the source's group id, or its single text's sourceId. */
  sourceId: string;
  kind: 'post' | 'page';
  featured: boolean;
  /** Source ids of authors, in byline order. */
  authors: string[];
  /** Source ids of tags. */
  tags: string[];
  cover: ImportMediaRef | null;
  /** One or two texts; two means a pair. */
  texts: Partial<Record<Locale, ImportText>>;
  pairedBy: PairEvidence | null;
}

export interface ImportAuthor {
  sourceId: string;
  /** Suggested handle (slug). */
  handle: string;
  name: Partial<Record<Locale, string>>;
  bio: Partial<Record<Locale, string>>;
  /** Never a password hash or a token: contact only, kept for matching existing accounts. */
  email: string | null;
}

export interface ImportTag {
  sourceId: string;
  /** Name and slug per language (term translations give both). */
  names: Partial<Record<Locale, { name: string; slug: string }>>;
  /** What the tag's page says about it, per language (a Hugo term's or section's `_index.md`). */
  descriptions?: Partial<Record<Locale, string>>;
}

export type ImportWarningCode =
  | 'unpaired' // a text with no counterpart: imported as a one-language post
  | 'locale-detected' // the language was guessed from the text
  | 'shortcode-kept' // a shortcode or card that could not be converted was kept visibly
  | 'media-missing' // a referenced file is not in the archive: kept as a link
  | 'remote-media' // a remote image stays a link (the server never fetches URLs)
  | 'skipped' // an item of a kind Duet does not import (menu items, attachments…)
  | 'unsupported-locale' // a text in a language other than zh or en
  | 'duplicate' // two texts claim the same language of one pair
  | 'password-protected' // imported as a draft
  | 'render-pending' // a text that could not be formatted in time even with a longer budget: imported as a draft
  | 'wordpress-block' // a WordPress block Duet cannot import (a query loop, a template part…): left out, named
  | 'page-exists' // a page the site already has at the same address: imported as a draft, the header keeps one link
  | 'traditional-as-zh' // the source has only Traditional Chinese: it is imported as Duet's Chinese
  | 'expired' // the source says the text has expired: imported as a draft
  | 'field-ignored'; // a front-matter field that could not be read or that Duet has no place for

export interface ImportWarning {
  code: ImportWarningCode;
  /** The source id of the item concerned. */
  sourceId: string;
  /** One English sentence for the report; the Studio shows the code in the reader's language. */
  message: string;
}

export interface ImportDocument {
  source: {
    kind: ImportSourceKind;
    version: string | null;
    siteUrl: string | null;
    /**
     * The site as the source itself names it (a WXR file's own base URL), never an option
     * given to the importer: what tells this site's ids from another's (source-identity.ts).
     */
    identity?: string | null;
  };
  authors: ImportAuthor[];
  tags: ImportTag[];
  posts: ImportPost[];
  warnings: ImportWarning[];
  /** Texts left out for their language, by the source's language code (`ja`, `zh-hant-tw`). */
  skippedLanguages?: Record<string, number>;
}

/** Thrown for input that cannot be imported at all; `message` names the problem. */
export class ImportFormatError extends Error {
  constructor(
    message: string,
    readonly details: { file?: string; line?: number } = {},
  ) {
    super(message);
    this.name = 'ImportFormatError';
  }
}
