// Cross-site request refusal for route handlers (server actions get Next's own check):
// a state-changing request must carry an Origin header naming this site. Browsers send
// Origin on every cross-origin request and on same-origin POST/PUT/PATCH/DELETE, so a
// missing one means a client we cannot vouch for.
import { AppError } from '@/core/errors/app-error';

/** The origins this server answers as: SITE_URL's, and the one the request was addressed to. */
function ownOrigins(request: Request): Set<string> {
  const origins = new Set<string>();
  const site = process.env.SITE_URL;
  if (site) {
    try {
      origins.add(new URL(site).origin);
    } catch {
      // A malformed SITE_URL is reported at start (server/site-url.ts); ignore it here.
    }
  }
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  if (host) {
    const proto = request.headers.get('x-forwarded-proto') ?? new URL(request.url).protocol.replace(':', '');
    origins.add(`${proto}://${host}`);
  }
  return origins;
}

export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  return origin !== null && origin !== 'null' && ownOrigins(request).has(origin);
}

export function assertSameOrigin(request: Request): void {
  if (!isSameOrigin(request)) {
    throw new AppError('FORBIDDEN', 'This request did not come from a page of this site (missing or foreign Origin), so it was refused.');
  }
}
