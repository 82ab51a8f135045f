// Where the parsers keep the bodies they convert until the writer stores them. A text
// holds a way to read its body back, not the body: in memory by default (tests, small
// inputs), or in a temporary file the caller gives (`duet import`, see
// server/import/spill-bodies.ts), so a large export's Markdown is never all in memory at
// once and each body is read back only while its own post is written.
import type { ImportText } from './import-document';

/** Gives back what was kept, every time it is called. */
export type StoredBody = () => string;

export interface BodyStore {
  keep(body: string): StoredBody;
}

/** Keeps bodies as they are: right for anything small enough to parse in a test. */
export const bodiesInMemory: BodyStore = { keep: (body) => () => body };

const storedBodies = new WeakMap<object, StoredBody>();

/** One getter shared by every text, so V8 gives them all one compact shape. */
function readStoredBody(this: object): string {
  const body = storedBodies.get(this);
  if (!body) throw new Error('This text’s body is kept for another object.');
  return body();
}

/**
 * The text with `body` read from the store whenever it is asked for. It reads, spreads
 * and serializes like any other text; nothing holds the body in between.
 */
export function withStoredBody(fields: Omit<ImportText, 'body'>, body: StoredBody): ImportText {
  const text = Object.defineProperty(fields, 'body', { get: readStoredBody, enumerable: true, configurable: true }) as ImportText;
  storedBodies.set(text, body);
  return text;
}
