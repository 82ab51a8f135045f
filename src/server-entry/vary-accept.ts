// Says `Vary: Accept` on a post's page (#29). The same address answers HTML to a browser and
// the Article to a fediverse server asking for application/activity+json (the proxy
// rewrites those, docs/federation.md), so a shared cache must keep the two apart. Next sets
// its own Vary on pages; here, just before the headers leave, Accept is added to it.
import type { ServerResponse } from 'node:http';
import type { Layer } from './listener';

const postPage = /^\/(?:zh|en)\/posts\/[^/?]+(?:\?.*)?$/;

/** True for a GET or HEAD of a post's page. */
export function isPostPageRequest(method: string | undefined, url: string | undefined): boolean {
  return (method === 'GET' || method === 'HEAD') && postPage.test(url ?? '');
}

/** Adds Accept to the Vary of `res` (once). */
export function addVaryAccept(res: ServerResponse): void {
  const current = res.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((n) => n.trim()).filter(Boolean);
  if (names.some((n) => n === '*' || n.toLowerCase() === 'accept')) return;
  res.setHeader('vary', [...names, 'Accept'].join(', '));
}

export const varyAcceptLayer: Layer = (next) =>
  function withVaryAccept(req, res) {
    if (isPostPageRequest(req.method, req.url)) {
      const writeHead = res.writeHead;
      res.writeHead = function writeHeadWithVary(this: ServerResponse, ...args: unknown[]) {
        addVaryAccept(this);
        return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
      } as ServerResponse['writeHead'];
    }
    next(req, res);
  };
