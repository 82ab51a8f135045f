// What a Hugo site's list pages (`_index.md`) become in Duet, which makes its own lists:
// a taxonomy term's page (`tags/<term>/_index.md`, `categories/<term>/_index.md`) gives
// that tag its description in the page's language, and its title names the tag in that
// language when the tag's texts did not; a section's page (`posts/_index.md`) describes
// the tag named after the section when the section's posts carry it. Anything else (the
// home page, a taxonomy's own list, a term or section with no such tag) is reported as
// skipped, saying why (the home page's list is, before it gets here).
import { posix } from 'node:path';
import { slugify } from '@/core/content/slugify';
import type { Locale } from '@/core/locales';
import type { ImportTag, ImportWarning } from '../import-document';
import { toImportSlug, toPlainLine } from '../import-values';
import type { TextCandidate } from '../pair-texts';

export interface ListPage {
  path: string;
  /** Path inside the content folder: `tags/garden/_index.md`. */
  contentPath: string;
  locale: Locale;
  title: string | null;
  /** The front matter's `description`, else the body's text. */
  description: string;
}

const taxonomies = new Set(['tags', 'categories', 'tag', 'category']);
const maxDescription = 1000;

/** A list page's words as a tag description: its paragraphs as plain text, at most 1,000 characters. */
export function listPageDescription(description: string | null, markdown: string): string {
  const text = description ?? markdown.split(/\n\s*\n/).map((p) => toPlainLine(p)).filter(Boolean).join('\n\n');
  return text.length > maxDescription ? `${text.slice(0, maxDescription - 1).trimEnd()}…` : text;
}

/** Gives the tags their descriptions from the list pages, and reports the pages that describe nothing. */
export function describeTags(pages: readonly ListPage[], tags: ImportTag[], candidates: readonly TextCandidate[], warnings: ImportWarning[]): void {
  const named = (folder: string) => {
    const key = folder.toLowerCase();
    return tags.find((tag) => Object.values(tag.names).some((n) => n && (n.slug.toLowerCase() === key || slugify(n.name, 'en') === key || n.name.toLowerCase() === key)));
  };
  for (const page of pages) {
    const folders = posix.dirname(page.contentPath).split('/').filter((s) => s !== '.' && s !== '');
    const skip = (why: string) => warnings.push({ code: 'skipped', sourceId: page.path, message: `${page.path} ${why}` });
    const isTerm = folders.length === 2 && taxonomies.has(folders[0]!.toLowerCase());
    if (folders.length === 1 && taxonomies.has(folders[0]!.toLowerCase())) {
      skip(`is the list of all ${folders[0]}: Duet makes its own, so it is not a page.`);
      continue;
    }
    const folder = folders.at(-1)!;
    const tag = named(folder);
    if (!tag) {
      skip(isTerm ? `describes the term “${folder}”, which no imported text is tagged with, so there is no tag to describe.` : `describes the section “${folders.join('/')}”; Duet has no sections and no tag is named after it, so its words were not imported.`);
      continue;
    }
    if (!isTerm) {
      const section = `${posix.dirname(page.path)}/`;
      const carried = candidates.some((c) => c.tags.includes(tag.sourceId) && c.text.sourceId.startsWith(section));
      if (!carried) {
        skip(`describes the section “${folders.join('/')}”; the tag of its name is not on the section's posts, so its words were not given to that tag.`);
        continue;
      }
    }
    if (!page.description) {
      skip(`has no words to describe the ${isTerm ? 'tag' : 'section'} “${folder}” with.`);
      continue;
    }
    tag.descriptions = { ...tag.descriptions, [page.locale]: page.description };
    // The term's page in a language names the term in it, as Hugo shows it.
    if (isTerm && page.title && !tag.names[page.locale]) tag.names[page.locale] = { name: page.title, slug: toImportSlug(folder, page.title, page.locale) };
  }
}
