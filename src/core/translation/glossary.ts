// The site's glossary (termbase): each term is a pair (zh ↔ en) the whole team follows,
// with a note for translators, a "do not translate" flag (a name or a product that stays
// as it is in both languages) and forbidden variants (translations a reviewer keeps
// correcting). One zod schema checks a term from the Studio form, a CSV row and a TBX entry.
import { z } from 'zod';

export const glossaryLimits = {
  termLength: 200,
  noteLength: 1000,
  forbiddenVariants: 20,
  /** Terms one import may bring; a glossary is hundreds of terms, not a dictionary. */
  importTerms: 5000,
  /** Bytes of an import file, read before anything is parsed. */
  importBytes: 2 * 1024 * 1024,
} as const;

const termText = z
  .string()
  .transform((value) => value.trim())
  .pipe(z.string().min(1).max(glossaryLimits.termLength).refine((value) => !/[\r\n\t]/.test(value), 'A term is one line.'));

export const glossaryTermInput = z.strictObject({
  zh: termText,
  en: termText,
  note: z
    .string()
    .max(glossaryLimits.noteLength)
    .transform((value) => value.trim())
    .default(''),
  doNotTranslate: z.boolean().default(false),
  /** Translations not to use, in either language; each applies to the text in its own script. */
  forbidden: z
    .array(termText)
    .max(glossaryLimits.forbiddenVariants)
    .default([])
    .transform((values) => [...new Set(values)]),
});
export type GlossaryTermInput = z.infer<typeof glossaryTermInput>;

export interface GlossaryTerm extends GlossaryTermInput {
  id: number;
}

/** Any Han character (CJK unified ideographs and extension A, compatibility ideographs). */
export const hanPattern = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

/** Whether a piece of text is written in Chinese (has a Han character). */
export function isChinese(text: string): boolean {
  return hanPattern.test(text);
}

/** The forbidden variants that concern a text in `locale`: Chinese ones for Chinese, the others for English. */
export function forbiddenIn(term: GlossaryTermInput, locale: 'zh' | 'en'): string[] {
  return term.forbidden.filter((variant) => isChinese(variant) === (locale === 'zh'));
}

/** Whether `needle` occurs in `text` as written: case-insensitive for Latin, at word edges for words. */
export function containsTerm(text: string, needle: string): boolean {
  return findTerm(text, needle, 0) !== -1;
}

export function findTerm(text: string, needle: string, from: number): number {
  if (needle === '') return -1;
  const hay = text.toLowerCase();
  const lowered = needle.toLowerCase();
  const wordy = /^[\p{L}\p{N}]/u.test(needle) && !isChinese(needle[0]!);
  let at = hay.indexOf(lowered, from);
  while (at !== -1) {
    if (!wordy || (isEdge(text, at - 1) && isEdge(text, at + needle.length))) return at;
    at = hay.indexOf(lowered, at + 1);
  }
  return -1;
}

function isEdge(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return true;
  const ch = text[index]!;
  return !/[\p{L}\p{N}_]/u.test(ch) || isChinese(ch);
}
