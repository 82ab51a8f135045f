// The inputs of the Content API: query parameters and path segments, each parsed by one
// strict schema (an unknown parameter is a 400 naming it). Every value arrives as text;
// a repeated parameter arrives as an array and is refused.
import { z } from 'zod';
import { AppError, type FieldErrors } from '@/core/errors/app-error';
import { locales } from '@/core/locales';
import { decodeCursor, type ListPosition } from './cursor';

export const defaultListLimit = 15;
export const maxListLimit = 100;

/** One text value; a missing one is reported as `missing`, a repeated one as such. */
const text = (missing = 'Required.') => z.string({ error: (issue) => (issue.input === undefined ? missing : 'Must be given once, as text.') });

const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;

const boundedText = (max: number) =>
  text()
    .min(1, 'Must not be empty.')
    .max(max, `Must be at most ${max} characters.`)
    .refine((value) => !controlCharacter.test(value), 'Must not contain control characters.');

export const langParam = z
  .enum(locales, { error: `Must be one of: ${locales.join(', ')}.` })
  .meta({ description: 'The language to answer in. Wins over Accept-Language; a text missing in it is `null`, never the other language.' });

const dateOrTime = text()
  .regex(/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/, 'Must be a date (2026-03-01) or a date and time with its offset (2026-03-01T08:00:00Z).')
  .transform((value, ctx) => {
    const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
    // Date.parse rolls 2026-02-30 over into March; a date that does not exist is a mistake.
    const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
    const calendar = new Date(Date.UTC(year, month - 1, day));
    if (Number.isNaN(time) || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) {
      ctx.addIssue({ code: 'custom', message: 'Must be a real date.' });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  });

const cursor = text()
  .transform((value, ctx): ListPosition => {
    const position = decodeCursor(value);
    if (!position) {
      ctx.addIssue({ code: 'custom', message: 'Not a cursor this API gave out: pass the nextCursor of the previous page, unchanged.' });
      return z.NEVER;
    }
    return position;
  })
  .meta({ description: 'Where to continue: the `nextCursor` of the previous page.' });

const limit = text()
  .regex(/^\d{1,3}$/, `Must be a whole number from 1 to ${maxListLimit}.`)
  .transform(Number)
  .refine((n) => n >= 1 && n <= maxListLimit, `Must be a whole number from 1 to ${maxListLimit}.`)
  .default(defaultListLimit)
  .meta({ description: `How many to give at most, 1 to ${maxListLimit}; ${defaultListLimit} when not given.` });

/** GET /api/v1/content/posts and /pages. */
export const listQuery = z.strictObject({
  lang: langParam.optional().meta({
    description: 'The language to answer in, and a filter: only what is published in this language. Wins over Accept-Language (which picks the language without filtering).',
  }),
  tag: boundedText(200).optional().meta({ description: "Only those with this tag: the tag's slug in either language." }),
  author: boundedText(64).optional().meta({ description: 'Only those by this author: their handle.' }),
  featured: z.enum(['true', 'false'], { error: 'Must be true or false.' }).transform((value) => value === 'true').optional().meta({ description: 'Only the featured ones (true) or only the others (false).' }),
  published_after: dateOrTime.optional().meta({ description: 'Only those published at or after this date or time (a date alone is midnight UTC).' }),
  published_before: dateOrTime.optional().meta({ description: 'Only those published before this date or time (a date alone is midnight UTC).' }),
  limit,
  cursor: cursor.optional(),
});
export type ListQuery = z.output<typeof listQuery>;

/** Every other GET: only the language. */
export const languageQuery = z.strictObject({ lang: langParam.optional() });

export const idParams = z.strictObject({
  id: text()
    .regex(/^[1-9]\d{0,14}$/, 'Must be a whole number from 1.')
    .transform(Number)
    .meta({ description: 'The id of the post or page.' }),
});

export const slugParams = z.strictObject({
  locale: z.enum(locales, { error: `Must be one of: ${locales.join(', ')}.` }).meta({ description: 'The language the slug belongs to.' }),
  slug: boundedText(200).meta({ description: 'The slug in that language.' }),
});

export const tagParams = z.strictObject({ slug: boundedText(200).meta({ description: "The tag's slug in either language." }) });

export const authorParams = z.strictObject({
  handle: text()
    .regex(/^[a-z0-9-]{1,64}$/, 'Must be a handle: lowercase letters, digits and hyphens, at most 64.')
    .meta({ description: "The author's handle." }),
});

/** URLSearchParams as an object for a strict schema; a repeated parameter becomes an array, which fails. */
export function queryObject(params: URLSearchParams, skip: readonly string[] = []): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    if (skip.includes(key)) continue;
    const values = params.getAll(key);
    object[key] = values.length === 1 ? values[0]! : values;
  }
  return object;
}

/**
 * Parses path segments or query parameters; a 400 names each one at fault, an unknown
 * parameter by its own name (zod reports those together, at the object).
 */
export function parseTextInputs<S extends z.ZodType>(schema: S, value: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) (fields[key] ??= []).push('Not a parameter of this operation.');
    } else {
      (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
    }
  }
  throw new AppError('VALIDATION', `Invalid parameters: ${Object.keys(fields).join(', ')}.`, { fields });
}
