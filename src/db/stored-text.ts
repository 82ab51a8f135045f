// A rendering's HTML and plain text and a revision's Markdown as stored (issue 27): brotli
// compressed, some a quarter of the text. SQLite stores text as it is given (renderings as
// blobs since 2027-01-03, revisions since 2027-01-10); PostgreSQL's TOAST compresses long
// text with pglz, which shrinks Chinese text little (4.1 KB against brotli's 2.5 a post) and
// leaves a row under 2 KB as it is, so its columns are `bytea` of the same bytes (renderings
// since 2027-01-09, Markdown since 2027-01-10). Readers unpack whatever they find, so a row
// written before the compressing migration, or copied from another row as it is, reads the same.
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompress, brotliDecompressSync, constants } from 'node:zlib';

/** A stored HTML, plain text or Markdown: the text itself, or its brotli bytes. */
export type StoredText = string | Uint8Array;

// Quality 5: within a few percent of 11's size on these texts, at a tenth of its time.
const options = { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

/** The text as both databases store it. */
export function packText(text: string): Uint8Array;
export function packText(text: string | null): Uint8Array | null;
export function packText(text: string | null): Uint8Array | null {
  if (text === null) return text;
  return brotliCompressSync(Buffer.from(text, 'utf8'), options);
}

/** The text a stored value holds. */
export function unpackText(value: StoredText): string;
export function unpackText(value: StoredText | null): string | null;
export function unpackText(value: StoredText | null): string | null {
  if (value === null || typeof value === 'string') return value;
  // An empty value: a row's own Markdown left to its revision (live-body.ts), as PostgreSQL's bytes.
  if (value.byteLength === 0) return '';
  return brotliDecompressSync(value).toString('utf8');
}

const decompress = promisify(brotliDecompress);

/**
 * The same, unpacked on libuv's thread pool rather than the event loop: for a reader of many
 * texts at once (a text's list of up to 200 revisions, some 0.1 ms each here), which would
 * otherwise hold every other request for tens of milliseconds.
 */
export async function unpackTextAsync(value: StoredText): Promise<string> {
  if (typeof value === 'string' || value.byteLength === 0) return unpackText(value);
  return (await decompress(value)).toString('utf8');
}
