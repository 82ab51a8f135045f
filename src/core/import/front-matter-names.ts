// Tags and authors named in a Markdown site's front matter (Hugo, Hexo, Jekyll): each name
// becomes one tag or author of the import, found again by the same name in later files.
import { slugify } from '@/core/content/slugify';
import type { ImportAuthor } from './import-document';
import type { PlainTag } from './name-tags-by-use';

/** The import's ids of these tag names, adding the names not met before (case aside). */
export function tagIdsOf(names: readonly string[], tags: Map<string, PlainTag>): string[] {
  return names.map((name) => {
    const id = `term:${name.toLowerCase()}`;
    if (!tags.has(id)) tags.set(id, { sourceId: id, name, slug: name });
    return id;
  });
}

/** The import's ids of these author names, adding the names not met before. */
export function authorIdsOf(names: readonly string[], authors: Map<string, ImportAuthor>): string[] {
  return names.map((name) => {
    const id = `author:${name}`;
    if (!authors.has(id)) authors.set(id, { sourceId: id, handle: slugify(name, 'en'), name: { zh: name, en: name }, bio: {}, email: null });
    return id;
  });
}
