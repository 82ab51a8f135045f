// Gives tags whose source does not say what language their name is in (Ghost, Hugo,
// plain WordPress) a name per Duet language: a tag carries its name in each language of
// the texts that were tagged with it, and a tag on no text in the language its name is
// written in.
import type { Locale } from '@/core/locales';
import { detectLocale } from './detect-locale';
import type { ImportTag } from './import-document';
import { toImportSlug } from './import-values';
import type { TextCandidate } from './pair-texts';

export interface PlainTag {
  sourceId: string;
  name: string;
  slug: string;
}

export function nameTagsByUse(tags: readonly PlainTag[], candidates: readonly TextCandidate[]): ImportTag[] {
  const used = new Map<string, Set<Locale>>();
  for (const candidate of candidates) {
    for (const tagId of candidate.tags) {
      const set = used.get(tagId) ?? new Set<Locale>();
      set.add(candidate.text.locale);
      used.set(tagId, set);
    }
  }
  return tags.map((tag) => {
    const locales = used.get(tag.sourceId) ?? new Set([detectLocale(tag.name).locale]);
    const names: ImportTag['names'] = {};
    for (const locale of locales) names[locale] = { name: tag.name, slug: toImportSlug(tag.slug, tag.name, locale) };
    return { sourceId: tag.sourceId, names };
  });
}
