// Fields with a shape, shared by the Studio inputs: record ids, languages, slugs, email
// addresses, passwords, invitation tokens, navigation links and publication times.
import { z } from 'zod';
import { slugPattern } from '@/core/content/slugify';
import { locales, type Locale } from '@/core/locales';
import { textField } from './text-field';
import { problem, type Problem } from './validation-code';

/** Ids are `serial` on PostgreSQL: a larger number would fail in the database, not here. */
export const maxRecordId = 2_147_483_647;
/** The most characters of a hand-set slug, as isValidSlug in core/content/slugify. */
export const maxSlugLength = 120;

const wholeNumber = (message: string) =>
  z.int({ error: (issue) => (issue.input === undefined ? 'Required.' : message) });

export const recordId = wholeNumber(`Must be a whole number from 1 to ${maxRecordId}.`)
  .min(1, `Must be a whole number from 1 to ${maxRecordId}.`)
  .max(maxRecordId, `Must be a whole number from 1 to ${maxRecordId}.`);

/** A revision id as a client sends it back: non-negative (null, not 0, says "none yet"). */
export const revisionNumber = wholeNumber(`Must be a whole number from 0 to ${maxRecordId}.`)
  .min(0, `Must be a whole number from 0 to ${maxRecordId}.`)
  .max(maxRecordId, `Must be a whole number from 0 to ${maxRecordId}.`);

export const localeField = z.enum(locales, { error: `Must be one of: ${locales.join(', ')}.` });

export const booleanField = z.boolean({ error: (issue) => (issue.input === undefined ? 'Required.' : 'Must be true or false.') });

/** For a group of fields (`names.zh`, `navigation.0`) that is missing or not an object. */
export const groupError = (issue: { input?: unknown }) => (issue.input === undefined ? 'Required.' : 'Must be a group of fields.');

/** One optional value per language; at least one when `isOneRequired`. */
export function perLocale<T extends z.ZodType>(schema: T, isOneRequired = false) {
  const shape = { zh: schema.optional(), en: schema.optional() } satisfies Record<Locale, z.ZodOptional<T>>;
  return z.strictObject(shape, { error: groupError }).refine((value) => !isOneRequired || locales.some((locale) => value[locale] !== undefined), {
    message: 'Give at least one language.',
  });
}

/** A slug as it appears in a URL: lowercase letters, other letters (Han, kana…), digits, single hyphens. */
export const slugField = (max = maxSlugLength, options: { mayBeEmpty?: boolean } = {}) =>
  textField({
    min: options.mayBeEmpty ? 0 : 1,
    max,
    format: (slug) => {
      if (slug === '' && options.mayBeEmpty) return null;
      if (!slugPattern.test(slug)) {
        return 'Use only lowercase letters, digits and single hyphens between words (such as tea-and-time or 茶与时间).';
      }
      // Page paths are decoded to NFC before lookup; a slug stored otherwise could never be found.
      if (slug.normalize('NFC') !== slug) return 'Contains a character in a non-standard form (such as an accent typed separately): type the slug again.';
      return null;
    },
  });

const emailProblem = (email: string) => (z.regexes.email.test(email) ? null : problem('email', 'Must be an email address, such as name@example.com.'));

export const emailField = textField({ min: 1, max: 254, format: emailProblem });

/** An email address, or nothing. */
export const optionalEmailField = textField({ max: 254, format: (email) => (email === '' ? null : emailProblem(email)) });

/** Kept exactly as typed (spaces too); one line, so what was typed is what is checked. */
export const passwordField = (min: number) => textField({ min, max: 256 });

export const inviteTokenField = textField({
  min: 32,
  max: 128,
  format: (token) =>
    /^[A-Za-z0-9_-]+$/.test(token) ? null : 'This invitation link is incomplete or damaged: open the link from the email again.',
});

const hrefMessage = problem('webAddress', 'Must be a path on this site starting with / (such as /en/about) or a web address starting with https:// or http://.');

/**
 * A navigation link: a site path (`/about`, never `//host`, which browsers read as
 * another site) or an http(s) address without user name or password (a `site@evil.example`
 * address would show one site and open another). Spaces, invisible characters and
 * backslashes are refused because browsers drop or reinterpret them (`/\evil.example`).
 */
export function findHrefProblem(href: string): string | null {
  const found = findHrefIssue(href);
  return typeof found === 'string' ? found : (found?.message ?? null);
}

function findHrefIssue(href: string): Problem | string | null {
  if (/[\s\p{Cf}\\]/u.test(href)) return 'Must not contain spaces, invisible characters or backslashes.';
  if (href.startsWith('/')) return href.startsWith('//') ? hrefMessage : null;
  if (!/^https?:\/\/[^/?#]/i.test(href)) return hrefMessage;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return 'Must be a complete web address, such as https://example.com/page.';
  }
  if (url.username || url.password) return 'Must not contain a user name or password.';
  if (!url.hostname) return hrefMessage;
  return null;
}

export const hrefField = textField({ min: 1, max: 2048, format: findHrefIssue });

/** A link off the site (a profile elsewhere): an http(s) address, never a path here. */
export const webAddressField = textField({
  min: 1,
  max: 2048,
  format: (href) => (/^https?:\/\//i.test(href) ? findHrefIssue(href) : problem('webAddress', 'Must be a web address starting with https:// or http://.')),
});

const isoDateTime = z.regexes.datetime({ precision: null, offset: true });

/** A moment with its time zone, as `toISOString()` or a form's local time plus offset writes it. */
export const dateTimeField = textField({
  min: 1,
  max: 64,
  format: (text) =>
    isoDateTime.test(text) && Number.isFinite(Date.parse(text))
      ? null
      : 'Must be a date and time with its time zone, such as 2026-03-01T09:30:00+08:00.',
});
