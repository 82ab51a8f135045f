// The headers every response carries, set once in next.config.ts. The Content Security
// Policy is as strict as Next allows while reading pages stay static: Next's inline
// bootstrap scripts carry page data, so they can be neither nonced (that needs a render
// per request) nor hashed ahead of time, hence 'unsafe-inline' for scripts; everything
// else is this site's own origin only. No frames of this site on other sites, no
// plugins, no <base> tricks, forms post only here.
export interface SecurityHeaderOptions {
  /** SITE_URL; https turns on HSTS and upgrade-insecure-requests. */
  siteUrl?: string;
  isDevelopment: boolean;
}

export function contentSecurityPolicy({ siteUrl, isDevelopment }: SecurityHeaderOptions): string {
  const isHttps = siteUrl?.startsWith('https://') ?? false;
  return [
    "default-src 'self'",
    // The dev server's React needs eval for its error overlay; production never does.
    `script-src 'self' 'unsafe-inline'${isDevelopment ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self'${isDevelopment ? ' ws: wss:' : ''}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(isHttps ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

export function securityHeaders(options: SecurityHeaderOptions): Array<{ key: string; value: string }> {
  const headers = [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(options) },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), interest-cohort=()' },
  ];
  if (options.siteUrl?.startsWith('https://')) {
    headers.push({ key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' });
  }
  return headers;
}
