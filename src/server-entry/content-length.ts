// Lets a route handler's answer carry Content-Length.
//
// Next.js drops Content-Length from every route handler response (send-response.ts,
// FORBIDDEN_HEADERS: the body may have been decoded on its way, e.g. a proxied fetch), so
// a file streamed from disk goes out chunked, with no length. Podcast apps and Apple's
// feed check ask a HEAD or a range of an episode for its size and refuse an answer with
// none. The media routes (src/server/media/serve-media.ts) know the exact length and send
// it as X-Duet-Content-Length; here, just before the headers leave, it becomes
// Content-Length, unless the body is being compressed on the way (Content-Encoding set).
import type { ServerResponse } from 'node:http';
import { lengthHeader } from '@/server/media/length-header';
import type { Layer } from './listener';

export const contentLengthHeader = lengthHeader.toLowerCase();

/** Turns the private header into Content-Length on `res`; true when it did. */
export function applyLength(res: ServerResponse): boolean {
  const length = res.getHeader(contentLengthHeader);
  if (length === undefined) return false;
  res.removeHeader(contentLengthHeader);
  if (res.getHeader('content-encoding') !== undefined || !/^\d+$/.test(String(length))) return false;
  res.setHeader('content-length', String(length));
  return true;
}

export const contentLengthLayer: Layer = (next) =>
  function withContentLength(req, res) {
    const writeHead = res.writeHead;
    // writeHead runs once, explicitly or from the first write/end; the headers set so far
    // are all there by then.
    res.writeHead = function writeHeadWithLength(this: ServerResponse, ...args: unknown[]) {
      applyLength(this);
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
    next(req, res);
  };
