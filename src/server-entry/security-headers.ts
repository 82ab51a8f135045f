// The security headers every answer carries, from the SITE_URL this process runs with (not
// the one a build saw): one build serves any address. Set before Next writes anything, so
// they hold for pages, route handlers, files and errors alike; Next adds a route handler's
// own header of the same name only when none is set (send-response.ts), as it did with
// next.config.ts `headers()`.
import { securityHeaders } from '@/server/security-headers';
import type { Layer } from './listener';

export function securityHeadersLayer(options: { siteUrl: string | undefined; isDevelopment: boolean }): Layer {
  const headers = securityHeaders(options);
  return (next) =>
    function withSecurityHeaders(req, res) {
      for (const { key, value } of headers) res.setHeader(key, value);
      next(req, res);
    };
}
