// Locale routing in front of the app. It runs only where it has work to do, decided by
// the matcher before any code loads: an unprefixed page path (redirected to /zh or /en),
// or a prefixed page whose locale differs from what the reader's cookie or browser says
// (the cookie is then updated). A reader whose cookie already matches the page, or whose
// browser language does, reaches the page with no proxy in between; see
// docs/architecture.md ("Locale routing") and bench/proxy.mjs for what that buys.
import { NextResponse, type NextRequest } from 'next/server';
import { matchAcceptLanguage, negotiateLocale } from '@/core/i18n/negotiate-locale';
import { defaultLocale, isLocale, localeCookie, locales, type Locale } from '@/i18n/routing';

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const segment = pathname.split('/')[1];
  if (isLocale(segment)) {
    if (!isDecodable(pathname)) return rewriteToErrorView(request, segment, 400);
    if (isFormPostToPage(request)) return rewriteToErrorView(request, segment, 405, { Allow: 'GET, HEAD' });
    const response = NextResponse.next();
    if (shouldRememberLocale(request, segment)) {
      response.cookies.set(localeCookie.name, segment, {
        maxAge: localeCookie.maxAge,
        sameSite: localeCookie.sameSite,
        path: localeCookie.path,
      });
      // A response that sets a cookie is this reader's own: no shared cache may keep it.
      response.headers.set('Cache-Control', 'private, no-store');
    }
    return response;
  }

  const locale = negotiateLocale({
    locales,
    defaultLocale,
    cookie: request.cookies.get(localeCookie.name)?.value,
    acceptLanguage: request.headers.get('accept-language'),
  });
  const url = request.nextUrl.clone();
  url.pathname = `/${locale}${pathname === '/' ? '' : pathname}`;
  const response = NextResponse.redirect(url, 307);
  response.headers.set('Vary', 'Cookie, Accept-Language');
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

/** Shows the localized error view for `status`, answering with that status. */
function rewriteToErrorView(request: NextRequest, locale: Locale, status: 400 | 405, headers: Record<string, string> = {}) {
  const url = request.nextUrl.clone();
  url.pathname = `/${locale}/error/${status}`;
  url.search = '';
  return NextResponse.rewrite(url, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * A form posted to a reading page. Server Actions carry Next-Action and pass; so do the
 * Studio's pages, whose forms post their actions as plain forms when JavaScript is off.
 */
function isFormPostToPage(request: NextRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.headers.has('next-action')) return false;
  return !/^\/(?:zh|en)\/studio(?:\/|$)/.test(request.nextUrl.pathname);
}

/**
 * A page in `locale` was requested: remember it unless the cookie already says so, or
 * (with no cookie) the browser's language already leads there. Background requests of
 * the client router (Sec-Fetch-Dest other than document) never change the cookie.
 */
function shouldRememberLocale(request: NextRequest, locale: Locale): boolean {
  // A file (feed.xml, feed.json…) is not a page the reader chose to read in a language,
  // and its response is cached publicly.
  if (/\.[A-Za-z0-9]+$/.test(request.nextUrl.pathname)) return false;
  const dest = request.headers.get('sec-fetch-dest');
  if (dest != null && dest !== 'document') return false;
  const current = request.cookies.get(localeCookie.name)?.value;
  if (current != null) return current !== locale;
  const browser = matchAcceptLanguage(request.headers.get('accept-language'), locales) ?? defaultLocale;
  return browser !== locale;
}

// Matchers must be literals (Next reads them at build time). The `has`/`missing`
// conditions are a fast pre-filter; shouldRememberLocale() makes the exact decision.
export const config = {
  matcher: [
    // Unprefixed page paths. Never: /api, /_next, the locales, media and file folders,
    // the metadata files, or any path whose last segment has a file extension.
    '/((?!api(?:/|$)|_next/|zh(?:/|$)|en(?:/|$)|images/|fonts/|videos/|audios/|static/|(?:.*/)?[^/]*\\.[A-Za-z0-9]+$).*)',
    // A percent-escape of a non-ASCII byte (may be malformed: 400) or a request with a body
    // (a form posted to a page: 405).
    '/:locale(zh|en)/:rest(.*%[89a-fA-F][0-9a-fA-F].*)',
    { source: '/:locale(zh|en)/:path*', has: [{ type: 'header', key: 'content-type' }] },
    { source: '/zh/:path*', has: [{ type: 'cookie', key: 'NEXT_LOCALE', value: '(?!zh$).*' }] },
    {
      source: '/zh/:path*',
      missing: [{ type: 'cookie', key: 'NEXT_LOCALE' }],
      has: [{ type: 'header', key: 'accept-language', value: '(?!\\s*[zZ][hH]).*' }],
    },
    { source: '/en/:path*', has: [{ type: 'cookie', key: 'NEXT_LOCALE', value: '(?!en$).*' }] },
    {
      source: '/en/:path*',
      missing: [
        { type: 'cookie', key: 'NEXT_LOCALE' },
        { type: 'header', key: 'accept-language', value: '\\s*[eE][nN].*' },
      ],
    },
  ],
};
