// A rendering's HTML and plain text and a revision's Markdown as stored (issue 27): brotli
// compressed, some a quarter of the text. SQLite stores text as it is given (renderings as
// blobs since 2027-01-03, revisions since 2027-01-10); PostgreSQL's TOAST compresses long
// text with pglz, which shrinks Chinese text little (4.1 KB against brotli's 2.5 a post) and
// leaves a row under 2 KB as it is, so its columns are `bytea` of the same bytes (renderings
// since 2027-01-09, Markdown since 2027-01-10). Readers unpack whatever they find, so a row
// written before the compressing migration, or copied from another row as it is, reads the same.
// The plain text is deflated against its row's HTML since 2027-01-12 (packPlainText, below).
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompress, brotliDecompressSync, constants, deflateSync, inflateSync } from 'node:zlib';

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

/**
 * The deflate window: the HTML beyond it (a long or code-heavy text's) is too far back to be
 * matched, so such a text's plain text is packed alone.
 */
const dictionaryWindow = 32 * 1024;

/**
 * A rendering's plain text as both databases store it (#27). It is its HTML without the
 * markup, so it is deflated (zlib) with that HTML as the preset dictionary: a demo text's
 * 1.27 KB packed alone become 0.15. Where that is no smaller (an HTML past the window), it
 * is packed alone as before. A reader needs the HTML of the same row to unpack it
 * (`unpackPlainText`); the two are always written together (write-translation.ts).
 */
export function packPlainText(text: string, html: string): Uint8Array;
export function packPlainText(text: string | null, html: string | null): Uint8Array | null;
export function packPlainText(text: string | null, html: string | null): Uint8Array | null {
  const alone = packText(text);
  if (text === null || alone === null || html === null) return alone;
  // Measured before it is copied: a long article's HTML, past the window, is not.
  if (Buffer.byteLength(html, 'utf8') > dictionaryWindow) return alone;
  const against = deflateSync(Buffer.from(text, 'utf8'), { dictionary: Buffer.from(html, 'utf8') });
  return against.byteLength < alone.byteLength ? against : alone;
}

/**
 * The plain text a stored value holds, given its row's HTML (packed or not). A zlib stream
 * that names a dictionary (0x78, FDICT set) never begins a brotli one as packText writes it
 * (its first byte's low nibble is 0xb: the 4 MB window). Unpacked with another HTML than
 * its own, zlib refuses (the dictionary's checksum) rather than misread it.
 */
export function unpackPlainText(value: StoredText | null, html: StoredText | null): string | null {
  if (value === null || typeof value === 'string' || !namesDictionary(value)) return unpackText(value);
  if (html === null) throw new Error('A plain text packed against its HTML was read without it');
  return inflateSync(value, { dictionary: Buffer.from(unpackText(html), 'utf8') }).toString('utf8');
}

function namesDictionary(value: Uint8Array): boolean {
  return value.byteLength >= 6 && value[0] === 0x78 && (value[1]! & 0x20) !== 0 && (0x7800 + value[1]!) % 31 === 0;
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
