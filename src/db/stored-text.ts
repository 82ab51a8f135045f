// A rendering's HTML and plain text as stored (issue 27): on SQLite they are brotli
// compressed (a blob, some a quarter of the text), since SQLite stores text as it is
// given; PostgreSQL compresses long values itself (TOAST) and its columns are `text`, so
// there they stay text. Readers unpack whatever they find, so a row written before the
// compressing migration, or copied from another row as it is, reads the same.
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import type { Kysely } from 'kysely';
import { isPostgres } from './dialect';

/** A stored HTML or plain text: the text itself, or its brotli bytes. */
export type StoredText = string | Uint8Array;

// Quality 5: within a few percent of 11's size on these texts, at a tenth of its time.
const options = { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

/** The text as this database stores it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's builder, a transaction's too
export function packText(db: Kysely<any>, text: string): StoredText;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export function packText(db: Kysely<any>, text: string | null): StoredText | null;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export function packText(db: Kysely<any>, text: string | null): StoredText | null {
  if (text === null || isPostgres(db)) return text;
  return brotliCompressSync(Buffer.from(text, 'utf8'), options);
}

/** The text a stored value holds. */
export function unpackText(value: StoredText): string;
export function unpackText(value: StoredText | null): string | null;
export function unpackText(value: StoredText | null): string | null {
  if (value === null || typeof value === 'string') return value;
  return brotliDecompressSync(value).toString('utf8');
}
