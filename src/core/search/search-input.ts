// The inputs of search, validated once here for the API and the search page: the query
// text (1–200 characters after trimming, no control characters), the page number, a
// tag slug, and the languages. Bad input is a 400 naming the field (API) or a sentence
// in the page's language (page), never a server error.
import { z } from 'zod';
import { locales } from '@/core/locales';

export const maxQueryLength = 200;
export const maxPage = 1000;
export const searchPageSize = 10;

// C0 and C1 controls and DEL; a query is one line of text.
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;

/** Query parameters arrive as strings; missing or repeated (an array) is refused. */
const text = (missing: string) => z.string({ error: (issue) => (issue.input === undefined ? missing : 'Must be given once, as text.') });

const queryText = text('Required: the words to search for.')
  .refine((text) => !controlCharacter.test(text), 'Must not contain control characters.')
  .trim()
  .max(maxQueryLength, `Must be at most ${maxQueryLength} characters.`);

const pageNumber = text('Required.')
  .regex(/^\d{1,4}$/, `Must be a whole number from 1 to ${maxPage}.`)
  .transform(Number)
  .refine((n) => n >= 1 && n <= maxPage, `Must be a whole number from 1 to ${maxPage}.`);

const tagSlug = text('Required.')
  .trim()
  .min(1, 'Must not be empty.')
  .max(200, 'Must be at most 200 characters.')
  .refine((text) => !controlCharacter.test(text), 'Must not contain control characters.');

/** GET /api/v1/search: every parameter a string, as URLSearchParams gives them. */
export const searchApiInput = z.strictObject({
  q: queryText.min(1, 'Required: the words to search for.'),
  locale: z.enum([...locales, 'all'], { error: `Must be one of: ${[...locales, 'all'].join(', ')}.` }).default('all'),
  page: pageNumber.default(1),
  tag: tagSlug.optional(),
});

export type SearchApiInput = z.infer<typeof searchApiInput>;

/**
 * /{locale}/search: q may be empty (the page then only shows the form); `all=1` searches
 * both languages. Parameters other than these are left out before parsing (see
 * pickSearchParams), so a link carrying a tracking parameter still works.
 */
export const searchPageInput = z.strictObject({
  q: queryText.default(''),
  page: pageNumber.default(1),
  tag: tagSlug.optional(),
  all: z.enum(['1'], { error: 'Must be 1 when given.' }).optional(),
});

export type SearchPageInput = z.infer<typeof searchPageInput>;

/** The search page's parameters from Next's searchParams (repeated ones stay arrays, and fail). */
export function pickSearchParams(params: Record<string, string | string[] | undefined>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(searchPageInput.shape)) {
    if (params[key] !== undefined) picked[key] = params[key];
  }
  return picked;
}

/** URLSearchParams as an object for searchApiInput; a repeated parameter becomes an array, which fails. */
export function searchParamsObject(params: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    object[key] = values.length === 1 ? values[0]! : values;
  }
  return object;
}
