// Normalises the loose values importers read from other systems into the forms the import
// document promises: slugs Duet accepts, ISO 8601 UTC dates, trimmed optional strings.
import { toString } from 'mdast-util-to-string';
import { isValidSlug, slugify } from '@/core/content/slugify';
import { parseMarkdown } from '@/core/markdown/parse-markdown';
import type { Locale } from '@/core/locales';

/**
 * A slug Duet accepts: the source's own when it is one (percent-encoded WordPress slugs
 * decoded, case and spaces folded), else one made from the title.
 */
export function toImportSlug(raw: string | null | undefined, title: string, locale: Locale): string {
  const source = (raw ?? '').trim();
  if (source) {
    let decoded = source;
    try {
      decoded = decodeURIComponent(source);
    } catch {
      // Not percent-encoded after all: use it as written.
    }
    const folded = decoded
      .normalize('NFC')
      .toLowerCase()
      .replace(/[^\p{Ll}\p{Lo}\p{Nd}]+/gu, '-')
      .replace(/^-+|-+$/g, '');
    if (isValidSlug(folded)) return folded;
  }
  const fromTitle = slugify(title, locale);
  return fromTitle === 'untitled' && source ? slugify(source, locale) : fromTitle;
}

/**
 * An ISO 8601 UTC timestamp, or null for an empty, zero or unreadable date. A date with
 * no zone ("2021-03-24 05:57:56", as SQL exports write them) is read as UTC.
 */
export function toIsoUtc(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? safeIso(new Date(value)) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!text || text.startsWith('0000-00-00')) return null;
  const sql = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(text);
  if (sql) return safeIso(new Date(Date.UTC(+sql[1]!, +sql[2]! - 1, +sql[3]!, +sql[4]!, +sql[5]!, +(sql[6] ?? 0))));
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return safeIso(new Date(`${text}T00:00:00Z`));
  return safeIso(new Date(text));
}

function safeIso(date: Date): string | null {
  const time = date.getTime();
  // Year 1 to 9999: anything else is a broken export, not a date.
  if (Number.isNaN(time) || time < -62135596800000 || time > 253402300799999) return null;
  return date.toISOString();
}

/** A trimmed string, or null when there is nothing in it. */
export function optionalText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

/**
 * The same text in a string of its own. A piece cut from a longer string (an image URL
 * found in a body) can keep the whole longer string alive in V8: a document that keeps
 * the piece while the body waits on disk (core/import/body-store.ts) must keep a copy.
 */
export function detachedCopy(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** Plain text of a short Markdown snippet (an excerpt), on one line. */
export function toPlainLine(markdown: string): string {
  if (!markdown.trim()) return '';
  return parseMarkdown(markdown)
    .children.map((block) => toString(block, { includeImageAlt: false }))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `values` with repeats made unique by a numeric suffix (`writer`, `writer-2`), in order. */
export function uniqueSlugs(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.map((value) => {
    let candidate = value;
    for (let n = 2; seen.has(candidate); n++) candidate = `${value}-${n}`;
    seen.add(candidate);
    return candidate;
  });
}
