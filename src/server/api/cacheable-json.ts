// JSON answers a client may keep and revalidate: the body is serialized once (when the
// read is cached) with a strong ETag over its bytes; a request whose If-None-Match names
// that ETag gets 304 and no body. `max-age=0, must-revalidate`: a client or proxy keeps
// the answer but asks every time, so a publication is seen at once, at the cost of a
// round trip that carries no body.
import { createHash } from 'node:crypto';

/** A serialized answer with its validator. `T` is the body's type, for the handler's signature only. */
export interface CachedJson<T> {
  json: string;
  etag: string;
  /** Never set: ties the string to the type it was made from. */
  readonly __body?: T;
}

export const revalidateEveryTime = 'public, max-age=0, must-revalidate';

export function toCachedJson<T>(value: T): CachedJson<T> {
  const json = JSON.stringify(value);
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url')}"` };
}

/** If-None-Match against an ETag: weak comparison (RFC 9110 §13.1.2), `*` matching anything. */
export function isNotModified(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

export interface CacheableOptions {
  /** The language the body is in, when one was chosen. */
  contentLanguage?: string | null;
  vary?: string;
  cacheControl?: string;
}

export function cacheableJsonResponse(request: Request, answer: CachedJson<unknown>, options: CacheableOptions): Response {
  const headers = new Headers({ ETag: answer.etag, 'Cache-Control': options.cacheControl ?? revalidateEveryTime });
  if (options.vary) headers.set('Vary', options.vary);
  if (options.contentLanguage) headers.set('Content-Language', options.contentLanguage);
  if (isNotModified(request.headers.get('if-none-match'), answer.etag)) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(answer.json, { status: 200, headers });
}
