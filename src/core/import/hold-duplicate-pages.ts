// A page the site already has at the same address is not imported as a second one live:
// the header lists the site's pages, so a Ghost or WordPress "About" imported beside the
// site's own About would show two About links. Such a text arrives as a draft instead (the
// owner can compare the two and publish it in place of the other), and the report says
// which pages were held back and why. Addresses are compared, never titles: two pages
// called "About" at different addresses are two pages the owner made.
import { slugify } from '@/core/content/slugify';
import type { Locale } from '@/core/locales';
import type { ImportDocument, ImportPost, ImportText, ImportWarning } from './import-document';

export interface SitePage {
  locale: Locale;
  slug: string;
  title: string;
}

/** The slug an imported text asks for, as the writer gives it (a number is added only when taken). */
export function wantedSlug(text: Pick<ImportText, 'slug' | 'title' | 'locale'>): string {
  return slugify(text.slug || text.title, text.locale) || `post-${text.locale}`;
}

const pagePath = (locale: Locale, slug: string) => `/${locale}/${slug}`;

/**
 * The document with such pages' texts made drafts, and a warning for each. `isNew` tells
 * the posts this run would create from those an earlier run made (which are on the site
 * because they were imported, not beside it).
 */
export function holdDuplicatePages(
  document: ImportDocument,
  sitePages: readonly SitePage[],
  isNew: (post: ImportPost) => boolean = () => true,
): { document: ImportDocument; held: ImportWarning[] } {
  const existing = new Map(sitePages.map((p) => [pagePath(p.locale, p.slug), p]));
  const held: ImportWarning[] = [];
  const posts = document.posts.map((post): ImportPost => {
    if (post.kind !== 'page' || !isNew(post)) return post;
    let texts = post.texts;
    for (const text of Object.values(post.texts)) {
      if (!text || (text.status !== 'published' && text.status !== 'scheduled')) continue;
      const path = pagePath(text.locale, wantedSlug(text));
      const there = existing.get(path);
      if (!there) continue;
      texts = { ...texts, [text.locale]: { ...text, status: 'draft' } };
      held.push({
        code: 'page-exists',
        sourceId: `${post.sourceId}:${text.locale}`,
        message: `“${text.title}” is imported as a draft: the site already has a page at ${path} (“${there.title}”), which keeps the header's one link there.`,
      });
    }
    return texts === post.texts ? post : { ...post, texts };
  });
  return { document: held.length === 0 ? document : { ...document, posts, warnings: [...document.warnings, ...held] }, held };
}
