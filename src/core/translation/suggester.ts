// The seam every source of translation suggestions plugs into: the site's translation
// memory today, a machine-translation provider later. The editor and the API ask for
// suggestions through this interface and never know which one answered.
import type { Locale } from '@/core/locales';

export interface Suggestion {
  /** The earlier source text that matched (the memory's), not the query. */
  sourceText: string;
  /** Its translation, offered for insertion. */
  targetText: string;
  /** 100 for the same text; fuzzy matches from fuzzyThreshold. */
  percentage: number;
  /** Where it came from: the post, for the translator to judge it by. */
  origin: { postId: number; title: string; slug: string } | null;
}

export interface TranslationSuggester {
  /** The best suggestions for `segment` (in `from`) into `to`, best first. */
  suggest(segment: string, from: Locale, to: Locale): Promise<Suggestion[]>;
}
