// What the index holds for one published translation: its fields as space-joined
// tokens (the database splits on the spaces, stores and ranks; it never tokenizes), and
// the body as plain text, from which result snippets are cut.
import { markdownToPlainText } from '@/core/markdown/plain-text';
import { withPhraseTokens } from './glossary';
import { tokenize } from './tokenize';

export interface SearchSource {
  title: string;
  excerpt: string;
  /** Markdown; parsed here only when `bodyText` is absent (the 2026-12-01 migration). */
  body: string;
  /** The body's plain text as rendered at save time (render-document). */
  bodyText?: string;
  /** Tag names and author names in the translation's language. */
  names: string[];
}

export interface SearchDocument {
  titleTokens: string;
  excerptTokens: string;
  namesTokens: string;
  bodyTokens: string;
  /** The body without Markdown syntax. Kept so a result page need not parse ten bodies. */
  bodyText: string;
}

/**
 * Characters of each field that are indexed. PostgreSQL refuses a tsvector over 1 MB,
 * which a Chinese text of a few hundred thousand characters would reach (every
 * character and pair is a token); both databases index the same prefix so they answer
 * alike. The longest real articles are a tenth of the body limit.
 */
export const indexedLength = { title: 1_000, excerpt: 5_000, names: 5_000, body: 60_000 } as const;

export function buildSearchDocument(source: SearchSource): SearchDocument {
  // Glossary phrases ("two languages") ride along as single tokens; see glossary.ts.
  const tokens = (text: string, limit: number) => withPhraseTokens(tokenize(cut(text, limit)));
  const bodyText = source.bodyText ?? markdownToPlainText(source.body);
  const body = tokens(bodyText, indexedLength.body);
  return {
    titleTokens: tokens(source.title, indexedLength.title).join(' '),
    excerptTokens: tokens(source.excerpt, indexedLength.excerpt).join(' '),
    namesTokens: tokens(source.names.join('\n'), indexedLength.names).join(' '),
    bodyTokens: body.join(' '),
    bodyText,
  };
}

/** The first `limit` UTF-16 units, not splitting a surrogate pair. */
function cut(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const code = text.charCodeAt(limit - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit);
}
