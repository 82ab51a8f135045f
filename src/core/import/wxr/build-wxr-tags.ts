// WordPress categories and tags as Duet tags. Duet has one kind of tag, so a category and
// a tag with the same slug become one. Terms that Polylang (`term_translations`) or WPML
// (term meta) groups as translations of each other become one tag with a name per
// language; other terms are named in the languages of the posts that use them. The
// default category "Uncategorized" is left out: WordPress puts every uncategorised post
// in it, so it says nothing about the post.
import type { ImportPost, ImportTag } from '../import-document';
import { toImportSlug } from '../import-values';
import { nameTagsByUse, type PlainTag } from '../name-tags-by-use';
import type { TextCandidate } from '../pair-texts';
import type { WxrTranslations } from './read-translations';
import type { WxrItem, WxrTerm } from './read-wxr';

const taxonomies = new Set(['category', 'post_tag']);
// WXR 1.0 wrote tag references on items as domain="tag".
const domainTaxonomy = (domain: string) => (domain === 'tag' ? 'post_tag' : domain);

export function buildWxrTags(
  terms: readonly WxrTerm[],
  itemTerms: ReadonlyMap<string, WxrItem['categories']>,
  translations: WxrTranslations,
  candidates: TextCandidate[],
): { build(posts: ImportPost[]): ImportTag[] } {
  const declared = new Map<string, WxrTerm>();
  for (const term of terms) if (taxonomies.has(term.taxonomy) && term.slug) declared.set(`${term.taxonomy}:${term.slug.toLowerCase()}`, term);
  const droppedGroups = new Set<string>();
  for (const term of declared.values()) {
    const group = translations.termGroupOf(term.id);
    if (group && isDefaultCategory(term.taxonomy, term.slug)) droppedGroups.add(group.group);
  }

  const plain = new Map<string, PlainTag>();
  const tagIdOf = (taxonomy: string, slug: string, name: string): string | null => {
    if (isDefaultCategory(taxonomy, slug)) return null;
    const term = declared.get(`${taxonomy}:${slug.toLowerCase()}`);
    const group = term ? translations.termGroupOf(term.id) : null;
    if (group) return droppedGroups.has(group.group) ? null : `group:${group.group}`;
    const id = `term:${slug.toLowerCase()}`;
    if (!plain.has(id)) plain.set(id, { sourceId: id, name: term?.name || name || slug, slug });
    return id;
  };

  for (const term of declared.values()) tagIdOf(term.taxonomy, term.slug, term.name);
  for (const candidate of candidates) {
    const ids = (itemTerms.get(candidate.text.sourceId) ?? [])
      .filter((ref) => taxonomies.has(domainTaxonomy(ref.domain)) && ref.nicename)
      .map((ref) => tagIdOf(domainTaxonomy(ref.domain), ref.nicename, ref.name))
      .filter((id): id is string => id !== null);
    candidate.tags = [...new Set(ids)];
  }

  return {
    build(posts) {
      const grouped = new Map<string, ImportTag>();
      for (const term of declared.values()) {
        const group = translations.termGroupOf(term.id);
        if (!group || droppedGroups.has(group.group)) continue;
        const locale = translations.languageByCode(group.language).locale;
        const tag = grouped.get(group.group) ?? { sourceId: `group:${group.group}`, names: {} };
        if (locale && !tag.names[locale]) tag.names[locale] = { name: term.name, slug: toImportSlug(term.slug, term.name, locale) };
        grouped.set(group.group, tag);
      }
      const named = [...grouped.values()].filter((tag) => Object.keys(tag.names).length > 0);
      const tags = [...named, ...nameTagsByUse([...plain.values()], candidates)];
      // A group whose every name is in a language Duet does not publish is no tag at all.
      const kept = new Set(tags.map((tag) => tag.sourceId));
      for (const post of posts) post.tags = post.tags.filter((id) => kept.has(id));
      return tags;
    },
  };
}

function isDefaultCategory(taxonomy: string, slug: string): boolean {
  return taxonomy === 'category' && slug.toLowerCase() === 'uncategorized';
}
