// Hands a request for /ap/*, /.well-known/webfinger or /.well-known/nodeinfo (rewritten to
// /ap/well-known/… by next.config.ts) to Fedify
// (#29). An inbox post's body is bounded before it is read (256 KB: 413 beyond, the same
// limit the server entry puts on every body outside the API), and one from a blocked
// instance or actor is refused (403) before its signature is even checked; Fedify then
// verifies the HTTP Signature (401 when it fails) and runs the listeners.
import { isBlockedBy } from '@/core/fediverse/types';
import { AppError } from '@/core/errors/app-error';
import { createFediverseRepository } from '@/db/repositories/fediverse';
import { readLimitedBody } from '@/server/api/read-json';
import { ensureDatabase } from '@/server/ensure-database';
import { getFederation, type DuetFederation } from './federation';

/** The most an inbox post may carry. */
export const inboxBodyLimitBytes = 256 * 1024;

const plain = (status: number, text: string) => new Response(`${text}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

function claimedActor(body: Uint8Array): string | null {
  try {
    const json = JSON.parse(new TextDecoder().decode(body)) as { actor?: unknown };
    const actor = typeof json.actor === 'string' ? json.actor : (json.actor as { id?: unknown } | undefined)?.id;
    return typeof actor === 'string' ? actor : null;
  } catch {
    return null;
  }
}

async function bufferedInboxPost(request: Request, target: DuetFederation): Promise<Request | Response> {
  let body: Uint8Array;
  try {
    body = await readLimitedBody(request, inboxBodyLimitBytes);
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') return plain(413, `Payload Too Large: an inbox takes at most ${inboxBodyLimitBytes} bytes.`);
    return plain(400, 'Bad Request: the body could not be read.');
  }
  const actor = claimedActor(body);
  if (actor && isBlockedBy(await createFediverseRepository(target.db).listBlocks(), actor)) return plain(403, 'Forbidden: this actor or instance is blocked here.');
  return new Request(request.url, { method: 'POST', headers: request.headers, body: body as BodyInit });
}

/** `/ap/well-known/x` (where next.config.ts rewrites /.well-known/x) is /.well-known/x to Fedify. */
export function publicPath(pathname: string): string {
  return pathname.startsWith('/ap/well-known/') ? `/.well-known/${pathname.slice('/ap/well-known/'.length)}` : pathname;
}

/** Fedify's answer, as the site's URL sees it: the request's own host never makes an id. */
export async function handleFederationRequest(request: Request, target?: DuetFederation): Promise<Response> {
  if (!target) await ensureDatabase();
  const fed = target ?? getFederation();
  const incoming = new URL(request.url);
  const url = new URL(`${publicPath(incoming.pathname)}${incoming.search}`, fed.origin);
  let forwarded = new Request(url, { method: request.method, headers: request.headers, body: request.method === 'POST' ? request.body : undefined, duplex: 'half' } as RequestInit);
  if (request.method === 'POST') {
    const buffered = await bufferedInboxPost(forwarded, fed);
    if (buffered instanceof Response) return buffered;
    forwarded = buffered;
  }
  return fed.federation.fetch(forwarded, {
    contextData: { db: fed.db },
    onNotFound: () => plain(404, 'Not Found'),
    onNotAcceptable: () => plain(406, 'Not Acceptable: ask for application/activity+json.'),
  });
}
