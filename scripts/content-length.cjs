// Lets a route handler's answer carry Content-Length. Loaded with `node --require` into the
// server process by `npm start` (scripts/start.mjs), like client-address.cjs.
//
// Next.js drops Content-Length from every route handler response (send-response.ts,
// FORBIDDEN_HEADERS: the body may have been decoded on its way, e.g. a proxied fetch), so
// a file streamed from disk goes out chunked, with no length. Podcast apps and Apple's
// feed check ask a HEAD or a range of an episode for its size and refuse an answer with
// none. The media routes (src/server/media/serve-media.ts) know the exact length and send
// it as X-Duet-Content-Length; here, just before the headers leave, it becomes
// Content-Length, unless the body is being compressed on the way (Content-Encoding set).
'use strict';

const { wrapRequestListeners } = require('./wrap-request-listener.cjs');

const HEADER = 'x-duet-content-length';

/** Turns the private header into Content-Length on `res`; true when it did. */
function applyLength(res) {
  const length = res.getHeader(HEADER);
  if (length === undefined) return false;
  res.removeHeader(HEADER);
  if (res.getHeader('content-encoding') !== undefined || !/^\d+$/.test(String(length))) return false;
  res.setHeader('content-length', String(length));
  return true;
}

function wrap(listener) {
  return function onRequest(req, res) {
    const writeHead = res.writeHead;
    // writeHead runs once, explicitly or from the first write/end; the headers set so far
    // are all there by then.
    res.writeHead = function writeHeadWithLength(...args) {
      applyLength(this);
      return writeHead.apply(this, args);
    };
    return listener.call(this, req, res);
  };
}

function install() {
  wrapRequestListeners(wrap);
}

module.exports = { HEADER, applyLength, install };

if (require.main !== module && process.env.DUET_CONTENT_LENGTH_INSTALL === '1') install();
