// Refuses, before Next.js reads a byte of it, a request Next would mishandle. The first
// layer of the server entry (src/server-entry/main.ts).
//
// - A path that is not valid percent-encoded UTF-8 (`%E4%B8`, `%FF`, `%ZZ`): Next cannot
//   decode the dynamic segment and answers 500. Here it is a 400: in the API's error shape
//   under /api/, plain text for media, fonts and the rest. A page under a language (/zh/…,
//   /en/…) is left to the proxy, which shows the 400 view in that language (but for the
//   error view's own address, /zh/error/…, which the proxy cannot rewrite to itself).
// - A body past 256 KB sent anywhere but the API: pages take no body and server actions
//   take small forms, yet Next reads a body of any size before refusing it. A declared
//   length over the limit is answered 413 at once, unread; a body of unknown length
//   (chunked) is held, up to the limit, until it is whole, and answered 413 the moment it
//   passes the limit. Next gets a held body only once it is complete. The API's routes
//   read their bodies through readLimitedBody with limits of their own (an upload may be
//   hundreds of megabytes), so /api/ passes as it comes.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from '@/server/api/respond';
import { errorLocale } from '@/server/api/error-titles';
import { locales } from '@/core/locales';
import type { Layer, RequestListener } from './listener';

/** The most a page or server action may be sent (next.config.ts says the same to Next). */
export const pageBodyLimitBytes = 256 * 1024;

/** After a refusal, how long the connection may drain what the client had in flight. */
const lingerMs = 2_000;
const lingerBytes = 16 * 1024 * 1024;

const requestIdPattern = /^[A-Za-z0-9._-]{8,128}$/;
const localeGroup = `(?:${locales.join('|')})`;
const localePage = new RegExp(`^/${localeGroup}(?:/|$)`);
/** The error view (src/app/[locale]/error/[status]): the proxy rewrites malformed pages to it. */
const errorView = new RegExp(`^/${localeGroup}/error(?:/|$)`);

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The path and query of a request target; an absolute-form target (`http://host/p`) loses its origin. */
function splitTarget(target: string | undefined): { path: string; query: string } {
  const text = String(target || '/').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?]*/i, '') || '/';
  const question = text.indexOf('?');
  return question === -1 ? { path: text, query: '' } : { path: text.slice(0, question), query: text.slice(question + 1) };
}

/** The path is not valid percent-encoded UTF-8: a broken escape, or bytes no character has. */
export function isMalformedPath(target: string | undefined): boolean {
  try {
    decodeURIComponent(splitTarget(target).path);
    return false;
  } catch {
    return true;
  }
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
/**
 * A page under a language, whose malformed path the proxy answers with the 400 view. Not the
 * error view's own route: the proxy rewrites to it, and Next decodes the original path
 * against that same route again (and answers 500).
 */
const isLocalePagePath = (path: string) => localePage.test(path) && !errorView.test(path);

/**
 * The answer to a request whose path cannot be decoded, or null when it can (or when the
 * proxy answers it: a page under a language). `headers` are the request's, lower-cased.
 */
export function malformedPathAnswer(target: string | undefined, headers: IncomingHttpHeaders = {}): Answer | null {
  if (!isMalformedPath(target)) return null;
  const { path, query } = splitTarget(target);
  if (isLocalePagePath(path)) return null;
  const message = 'The address is not valid UTF-8 once its percent-escapes are decoded.';
  if (!isApiPath(path)) return { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: `Bad Request: ${message}\n` };
  const given = headers['x-request-id'];
  const requestId = typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
  const acceptLanguage = headers['accept-language'];
  // The title's language as the API picks it: ?lang=, else Accept-Language, else English.
  const locale = errorLocale(new Request(`http://localhost/?${query}`, { headers: typeof acceptLanguage === 'string' ? { 'accept-language': acceptLanguage } : {} }));
  return {
    status: 400,
    headers: { 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify(errorBody(400, message, undefined, undefined, undefined, locale)),
  };
}

export type BodyVerdict = { action: 'pass' } | { action: 'refuse' | 'hold'; limit: number };

/**
 * What to do with a request's body before the app sees it: 'pass' (no body, the API's own
 * limits, or a declared length within the limit), 'refuse' (a declared length over it), or
 * 'hold' (no declared length: count it as it arrives, up to `limit`).
 */
export function bodyVerdict({ path, contentLength, transferEncoding }: { path: string | undefined; contentLength?: string; transferEncoding?: string }): BodyVerdict {
  if (isApiPath(splitTarget(path).path)) return { action: 'pass' };
  if (contentLength !== undefined) {
    return /^\s*\d+\s*$/.test(contentLength) && Number(contentLength) <= pageBodyLimitBytes ? { action: 'pass' } : { action: 'refuse', limit: pageBodyLimitBytes };
  }
  return transferEncoding === undefined ? { action: 'pass' } : { action: 'hold', limit: pageBodyLimitBytes };
}

function tooLargeAnswer(limit: number): Answer {
  return {
    status: 413,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    body: `Payload Too Large: a page or a form takes at most ${limit / 1024} KB.\n`,
  };
}

/** The parser's way into a request (Readable#push), which the guard takes over for a while. */
type Push = (chunk: Buffer | string | null, encoding?: BufferEncoding) => boolean;
type Pushable = IncomingMessage & { push: Push };
/** net.Socket#destroySoon: what Node's HTTP server calls to close after the answer. */
type ClosingSocket = Socket & { destroySoon(): void };

/**
 * Answers and closes the connection without handing the body to anyone. What the client
 * already sent is read and dropped for a moment (at most `lingerMs`, `lingerBytes`), so it
 * gets the answer instead of a reset, then the connection goes.
 */
function refuse(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  const socket = req.socket as ClosingSocket;
  let drained = 0;
  (req as Pushable).push = function dropChunk(chunk) {
    if (chunk !== null) drained += chunk.length;
    if (drained > lingerBytes) socket.destroy();
    return true;
  };
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), lingerMs);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
  res.writeHead(answer.status, {
    ...answer.headers,
    'content-length': String(Buffer.byteLength(answer.body)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    connection: 'close',
  });
  res.end(answer.body);
}

/**
 * Holds a body of unknown length until it is whole, then calls `proceed` and hands it on;
 * refuses it as soon as it passes `limit`. The HTTP parser pushes each chunk into `req`;
 * taking them here keeps them from anyone reading `req` too early.
 */
function holdBody(req: IncomingMessage, res: ServerResponse, limit: number, proceed: () => void): void {
  const pushable = req as Pushable;
  const push = pushable.push;
  const held: Buffer[] = [];
  let size = 0;
  pushable.push = function holdChunk(chunk, encoding) {
    if (chunk === null) {
      pushable.push = push;
      for (const part of held) push.call(req, part);
      const more = push.call(req, null);
      proceed();
      return more;
    }
    size += chunk.length;
    if (size > limit) {
      held.length = 0;
      refuse(req, res, tooLargeAnswer(limit));
      return true;
    }
    held.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk);
    return true;
  };
}

export const requestGuardLayer: Layer = (next: RequestListener) =>
  function guarded(req, res) {
    const malformed = malformedPathAnswer(req.url, req.headers);
    if (malformed) return refuse(req, res, malformed);
    const verdict = bodyVerdict({ path: req.url, contentLength: req.headers['content-length'], transferEncoding: req.headers['transfer-encoding'] });
    if (verdict.action === 'refuse') return refuse(req, res, tooLargeAnswer(verdict.limit));
    if (verdict.action === 'hold') return holdBody(req, res, verdict.limit, () => next(req, res));
    next(req, res);
  };
