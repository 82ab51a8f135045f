// Remembering a reader's script, as the proxy remembers their language (src/proxy.ts): the
// 简 / 繁 switch is a plain link, and following it is the choice. A document request for a
// variant page (`/zh/hant/…`) followed from a Simplified page of this host sets the
// DUET_SCRIPT cookie to `hant`; a Simplified page followed from a variant page sets it back
// to `hans`. A reader whose cookie says `hant` and who opens any other `/zh/…` page (a
// link from the English side, a bookmark) is sent to its variant. Each answer that sets
// the cookie or redirects is the reader's own (private, no-store); readers without the
// cookie, crawlers included, never meet this layer's answers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasHantVariant, isHantPath, scriptCookie, toHantPath } from '@/core/script/hant-paths';
import type { Layer } from './listener';

export type Script = 'hant' | 'hans';

/** The reader's remembered script, if any. */
export function cookieScript(header: string | undefined): Script | null {
  const value = header ? new RegExp(`(?:^|;\\s*)${scriptCookie.name}=([^;]*)`).exec(header)?.[1] : undefined;
  return value === 'hant' || value === 'hans' ? value : null;
}

/** A page load the reader asked for, not a background request of the client router nor a prefetch. */
function isDocumentRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' || req.headers.rsc !== undefined || req.headers['next-router-prefetch'] !== undefined) return false;
  const dest = req.headers['sec-fetch-dest'];
  return dest === undefined || dest === 'document';
}

/** The path of the Referer when it is a page of this very host, else null. */
function sameHostReferer(req: IncomingMessage): string | null {
  const referer = req.headers.referer;
  if (!referer) return null;
  try {
    const from = new URL(referer);
    const host = req.headers['x-forwarded-host'] ?? req.headers.host;
    return from.host === host ? from.pathname : null;
  } catch {
    return null;
  }
}

function redirect(res: ServerResponse, location: string, script?: Script): void {
  const headers: Record<string, string> = { location, 'cache-control': 'private, no-store', vary: 'Cookie' };
  if (script) headers['set-cookie'] = `${scriptCookie.name}=${script}; Max-Age=${scriptCookie.maxAge}; Path=${scriptCookie.path}; SameSite=Lax`;
  res.writeHead(307, headers).end();
}

export const scriptChoiceLayer: Layer = (next) =>
  function withScriptChoice(req, res) {
    const url = req.url ?? '/';
    const path = url.split(/[?#]/, 1)[0]!;
    if ((path === '/zh' || path.startsWith('/zh/')) && isDocumentRequest(req)) {
      const remembered = cookieScript(req.headers.cookie);
      const from = sameHostReferer(req);
      if (isHantPath(path)) {
        // Chose 繁 on a Simplified page: remember it, then the same page again.
        if (remembered !== 'hant' && from !== null && hasHantVariant(from)) return redirect(res, url, 'hant');
      } else if (remembered === 'hant' && hasHantVariant(path)) {
        // Chose 简 on a variant page: remember it; anything else leads to the variant.
        if (from !== null && isHantPath(from)) return redirect(res, url, 'hans');
        return redirect(res, toHantPath(url));
      }
    }
    next(req, res);
  };
