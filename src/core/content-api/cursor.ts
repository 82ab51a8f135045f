// The Content API's paging cursor: the position of the last item a page gave, on the
// order lists use (newest publication first, then the higher id). A keyset position
// rather than an offset, so a post published while a client walks the list neither
// repeats an item nor skips one. Opaque to clients: base64url of a small JSON object.

export interface ListPosition {
  /** The last item's publication time, ISO-8601 UTC with milliseconds (as stored). */
  publishedAt: string;
  id: number;
}

const version = 1;
const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const maxCursorLength = 200;

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify({ v: version, p: position.publishedAt, i: position.id }), 'utf8').toString('base64url');
}

/** The position a cursor names, or null when it is not one this API gave out. */
export function decodeCursor(cursor: string): ListPosition | null {
  if (cursor.length === 0 || cursor.length > maxCursorLength || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { v, p, i } = value as Record<string, unknown>;
  if (v !== version || typeof p !== 'string' || !isoTimestamp.test(p) || Number.isNaN(Date.parse(p))) return null;
  if (typeof i !== 'number' || !Number.isSafeInteger(i) || i < 1) return null;
  return { publishedAt: p, id: i };
}

/** True when `item` comes after `position` in list order (older, or as old with a lower id). */
export function isAfter(item: ListPosition, position: ListPosition): boolean {
  return item.publishedAt < position.publishedAt || (item.publishedAt === position.publishedAt && item.id < position.id);
}
