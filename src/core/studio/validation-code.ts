// A refusal of a Studio input carries a stable code beside its English sentence, and other
// languages word it by that code (`studio.validation` in messages/*.json), never by
// matching the English: rewording a sentence cannot change what a Chinese writer reads.
import type { z } from 'zod';

/** The keys of `studio.validation`. */
export const validationCodes = [
  'required',
  'tooShort',
  'tooLong',
  'email',
  'invalid',
  'characters',
  'lineBreak',
  'contrastLight',
  'contrastDark',
  'colour',
  'webAddress',
  'origin',
  'handle',
  'handlesDistinct',
] as const;
export type ValidationCode = (typeof validationCodes)[number];

/** What is wrong with a value: the English sentence, and the code (with its values) other languages word it by. */
export interface Problem {
  message: string;
  code: ValidationCode;
  values?: Record<string, string | number>;
}

export function problem(code: ValidationCode, message: string, values?: Problem['values']): Problem {
  return values ? { code, message, values } : { code, message };
}

/** The `params` of a zod custom issue that carries `problem`. */
export function problemParams(found: Problem): { validation: ValidationCode; values?: Problem['values'] } {
  return found.values ? { validation: found.code, values: found.values } : { validation: found.code };
}

function isValidationCode(value: unknown): value is ValidationCode {
  return typeof value === 'string' && (validationCodes as readonly string[]).includes(value);
}

/**
 * The code of a zod issue: the one a refinement gave it (`problemParams`), `required` for a
 * missing value or one of the wrong type, and `invalid` for anything else.
 */
export function validationCodeOf(issue: z.core.$ZodIssue): { code: ValidationCode; values: Problem['values'] } {
  const params = issue.code === 'custom' ? (issue.params as { validation?: unknown; values?: Problem['values'] } | undefined) : undefined;
  if (params && isValidationCode(params.validation)) return { code: params.validation, values: params.values };
  if (issue.code === 'invalid_type') return { code: 'required', values: undefined };
  return { code: 'invalid', values: undefined };
}
