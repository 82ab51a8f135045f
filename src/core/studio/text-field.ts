// The building blocks of every Studio text input. A text is kept exactly as the writer
// typed it (no trimming, no Unicode normalisation, HTML allowed: it is escaped when
// rendered); what is refused is what cannot be stored or shown faithfully: control
// characters such as NUL (PostgreSQL text cannot hold NUL), half of a surrogate pair
// (it turns into U+FFFD on its way to UTF-8), line breaks in one-line fields, and text
// past a field's limit. Limits count Unicode code points, as slugify's isValidSlug does,
// so an emoji or a rare Han character is one character and not two.
import { z } from 'zod';
import { problem, problemParams, type Problem } from './validation-code';

export interface TextRules {
  /** Fewest and most characters (code points). */
  min: number;
  max: number;
  /** No line breaks (\n, \r, U+2028, U+2029). A tab is still allowed. */
  isSingleLine: boolean;
  /** At least one character that is not whitespace or an invisible format character. */
  isNotBlank: boolean;
  /** `prose` keeps any legitimate text; `format` accepts only one shape (slug, email, URL…). */
  shape: 'prose' | 'format';
}

/** The rules of each text schema, so a form can set maxLength and required from the schema itself. */
export const textRules = z.registry<TextRules>();

export const messages = {
  required: 'Required.',
  notText: 'Must be text.',
  empty: 'Must not be empty.',
  blank: 'Must contain at least one visible character.',
  lineBreak: 'Must be a single line: remove the line break.',
  control: 'Contains an invisible control character (such as NUL) that cannot be saved. Remove it, or paste the text again as plain text.',
  surrogate: 'Contains a broken character (half of an emoji or of a rare character). Delete it and type or paste it again.',
  tooLong: (max: number) => `Must be at most ${max.toLocaleString('en')} characters.`,
  tooShort: (min: number) => `Must be at least ${min.toLocaleString('en')} characters.`,
};

// C0 controls except tab, line feed and carriage return; DEL; C1 controls.
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const lineBreak = /[\n\r\u2028\u2029]/;
// With the u flag a well-formed pair is one code point, so this matches only a lone half.
const loneSurrogate = /[\ud800-\udfff]/u;
const visibleCharacter = /[^\s\p{Cf}]/u;

/** Code points in `text`, counting no further than `stopAfter` (a 10 MB paste is not walked). */
export function countCodePoints(text: string, stopAfter = Infinity): number {
  let count = 0;
  for (let i = 0; i < text.length && count <= stopAfter; i++, count++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return count;
}

/** The sentence of the first thing wrong with `text` under `rules`, or null. */
export function findTextProblem(text: string, rules: TextRules): string | null {
  return findTextIssue(text, rules)?.message ?? null;
}

/** The first thing wrong with `text` under `rules`, or null. Length first: it is the cheap check. */
export function findTextIssue(text: string, rules: TextRules): Problem | null {
  const length = countCodePoints(text, rules.max);
  if (length > rules.max) return problem('tooLong', messages.tooLong(rules.max), { max: rules.max });
  if (length < rules.min) return rules.min === 1 ? problem('required', messages.empty) : problem('tooShort', messages.tooShort(rules.min), { min: rules.min });
  if (loneSurrogate.test(text)) return problem('characters', messages.surrogate);
  if (rules.isSingleLine && lineBreak.test(text)) return problem('lineBreak', messages.lineBreak);
  if (controlCharacter.test(text)) return problem('characters', messages.control);
  if (rules.isNotBlank && !visibleCharacter.test(text)) return problem('required', messages.blank);
  return null;
}

const anyString = () =>
  z.string({ error: (issue) => (issue.input === undefined ? messages.required : messages.notText) });

/**
 * A text field. `format`, when given, runs only on text that passed the general rules and
 * returns what is wrong with a text of the wrong shape (or null); a bare sentence is worded
 * in other languages as `invalid`.
 */
export function textField(options: Partial<TextRules> & { max: number; format?: (text: string) => Problem | string | null }) {
  const { format, ...given } = options;
  const rules: TextRules = {
    min: 0,
    isSingleLine: true,
    isNotBlank: false,
    shape: format ? 'format' : 'prose',
    ...given,
  };
  return anyString()
    .superRefine((text, ctx) => {
      const found = findTextIssue(text, rules) ?? format?.(text) ?? null;
      if (!found) return;
      const { message, ...coded } = typeof found === 'string' ? problem('invalid', found) : found;
      // `continue: false`: a refinement added after this one (a date in the future) only
      // ever sees text of the right shape.
      ctx.addIssue({ code: 'custom', message, params: problemParams({ message, ...coded }), input: text, continue: false });
    })
    .register(textRules, rules);
}

/** A one-line text that must say something: a title, a name, a label. */
export const lineText = (max: number) => textField({ max, min: 1, isNotBlank: true });

/** A one-line text that may be empty: an SEO title, alt text. */
export const optionalLineText = (max: number) => textField({ max });

/** Paragraphs that may be empty: a body, an excerpt, a bio, a caption. */
export const blockText = (max: number) => textField({ max, isSingleLine: false });
