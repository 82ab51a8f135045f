// Finds the glossary's terms in a text in one pass: for each position of the text, the
// lengths of the terms that start with the same two characters are tried longest first,
// each a single lookup in a map of lowercased terms. The work per position is bounded by
// how many distinct term lengths share a start (at most the longest term's length), never
// by the glossary's size. The editor underlines what it finds and the checks compare it
// with the translation.
import { findTerm, type GlossaryTermInput } from './glossary';

export interface TermHit<T> {
  term: T;
  start: number;
  end: number;
}

export interface GlossaryIndex<T extends GlossaryTermInput> {
  /** The terms whose `locale` side occurs in `text`, each at its first place, the longest where they overlap. */
  find(text: string): TermHit<T>[];
  /** Every occurrence of every term in `text`, in order, the longest where they overlap (the editor's underlines). */
  findAll(text: string): TermHit<T>[];
}

export function indexGlossary<T extends GlossaryTermInput>(terms: readonly T[], locale: 'zh' | 'en'): GlossaryIndex<T> {
  const byText = new Map<string, T>();
  const lengthsByStart = new Map<string, number[]>();
  for (const term of terms) {
    const lowered = term[locale].toLowerCase();
    if (lowered === '' || byText.has(lowered)) continue;
    byText.set(lowered, term);
    const start = lowered.slice(0, 2);
    const lengths = lengthsByStart.get(start) ?? [];
    if (!lengths.includes(lowered.length)) lengths.push(lowered.length);
    lengthsByStart.set(start, lengths);
  }
  for (const lengths of lengthsByStart.values()) lengths.sort((a, b) => b - a);
  return {
    find(text) {
      const seen = new Set<T>();
      return scan(text).filter((hit) => !seen.has(hit.term) && seen.add(hit.term));
    },
    findAll: scan,
  };

  function scan(text: string): TermHit<T>[] {
    const lowered = text.toLowerCase();
    const hits: TermHit<T>[] = [];
    let i = 0;
    while (i < lowered.length) {
      const hit = matchAt(lowered, text, i);
      if (hit) hits.push(hit);
      i = hit ? hit.end : i + 1;
    }
    return hits;
  }

  function matchAt(lowered: string, text: string, i: number): TermHit<T> | null {
    const lengths = [...(lengthsByStart.get(lowered.slice(i, i + 2)) ?? []), ...(lengthsByStart.get(lowered[i]!) ?? [])];
    for (const length of lengths) {
      const term = byText.get(lowered.slice(i, i + length));
      if (!term) continue;
      // Words match whole: "art" is not found in "start".
      const from = Math.max(0, i - 1);
      if (findTerm(text.slice(from, i + length + 1), term[locale], i - from) === i - from) return { term, start: i, end: i + length };
    }
    return null;
  }
}
