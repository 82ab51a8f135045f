// Locale routing in front of the app. It runs only where it has work to do, decided by
// the matcher before any code loads: an unprefixed page path (redirected to /zh or /en),
// or a reader choosing the other language: a page of one language followed from a page of
// this site in the other (the switcher, the parallel view, "read the original"). Only then
// is the NEXT_LOCALE cookie set, on a response no shared cache keeps. Every other reader,
// first visits and crawlers included, reaches the cached page with no proxy in between and
// no cookie on the answer; see docs/architecture.md ("Locale routing") and bench/proxy.mjs.
import { NextResponse, type NextRequest } from 'next/server';
import { negotiateLocale } from '@/core/i18n/negotiate-locale';
import { defaultLocale, isLocale, localeCookie, locales, type Locale } from '@/core/locales';
import { fediversePaths, wantsActivityJson } from '@/core/fediverse/paths';

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const segment = pathname.split('/')[1];
  if (isLocale(segment)) {
    if (!isDecodable(pathname)) return rewriteToErrorView(request, segment, 400);
    if (isFormPostToPage(request)) return rewriteToErrorView(request, segment, 405, { Allow: 'GET, HEAD' });
    if (isActivityRequest(request)) return rewriteToActivityObject(request);
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

/** A fediverse server asking a post's page for its Article (`Accept: application/activity+json`). */
function isActivityRequest(request: NextRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && /^\/(?:zh|en)\/posts\/[^/]+$/.test(request.nextUrl.pathname) && wantsActivityJson(request.headers.get('accept'));
}

/** The Article of the page, served by the federation's route (server/fediverse/page-object.ts). */
function rewriteToActivityObject(request: NextRequest) {
  const url = request.nextUrl.clone();
  url.pathname = `${fediversePaths.pageObject}${request.nextUrl.pathname}`;
  url.search = '';
  return NextResponse.rewrite(url, { headers: { Vary: 'Accept' } });
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
 * The reader chose `locale`: this document request came from a page of this site in the
 * other language (a link they followed), and their cookie does not say `locale` already.
 * Background requests of the client router (Sec-Fetch-Dest other than document) and files
 * (feed.xml…) never change the cookie.
 */
function shouldRememberLocale(request: NextRequest, locale: Locale): boolean {
  if (/\.[A-Za-z0-9]+$/.test(request.nextUrl.pathname)) return false;
  const dest = request.headers.get('sec-fetch-dest');
  if (dest != null && dest !== 'document') return false;
  if (request.cookies.get(localeCookie.name)?.value === locale) return false;
  return isFromOtherLanguage(request, locale);
}

/** The Referer is a page of this very host in a language other than `locale`. */
function isFromOtherLanguage(request: NextRequest, locale: Locale): boolean {
  const referer = request.headers.get('referer');
  if (!referer) return false;
  try {
    const from = new URL(referer);
    const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
    const fromLocale = from.pathname.split('/')[1];
    return from.host === host && isLocale(fromLocale) && fromLocale !== locale;
  } catch {
    return false;
  }
}

// Matchers must be literals (Next reads them at build time). The `has`/`missing`
// conditions are a fast pre-filter; shouldRememberLocale() makes the exact decision.
export const config = {
  matcher: [
    // Unprefixed page paths. Never: /api, /_next, the federation (/ap, /.well-known), the
    // locales, media and file folders, the metadata files, or any path whose last segment
    // has a file extension.
    '/((?!api(?:/|$)|_next/|ap(?:/|$)|\\.well-known/|zh(?:/|$)|en(?:/|$)|images/|fonts/|videos/|audios/|static/|(?:.*/)?[^/]*\\.[A-Za-z0-9]+$).*)',
    // A post's page asked for ActivityPub JSON: its Article (HTML requests never match).
    { source: '/:locale(zh|en)/posts/:slug', has: [{ type: 'header', key: 'accept', value: '.*application/(?:activity\\+json|ld\\+json).*' }] },
    // A percent-escape of a non-ASCII byte or a broken one, `%ZZ` or a lone `%` (may be
    // malformed: 400), or a request with a body (a form posted to a page: 405).
    '/:locale(zh|en)/:rest(.*%(?![0-7][0-9a-fA-F]).*)',
    { source: '/:locale(zh|en)/:path*', has: [{ type: 'header', key: 'content-type' }] },
    // A page followed from this site's page in the other language: the reader chose it.
    // (A request of another site carries Sec-Fetch-Site cross-site; the proxy checks the host.)
    {
      source: '/zh/:path*',
      has: [
        { type: 'header', key: 'sec-fetch-site', value: 'same-origin' },
        { type: 'header', key: 'referer', value: '[^?#]*://[^/]+/en(?:[/?#].*)?' },
      ],
    },
    {
      source: '/en/:path*',
      has: [
        { type: 'header', key: 'sec-fetch-site', value: 'same-origin' },
        { type: 'header', key: 'referer', value: '[^?#]*://[^/]+/zh(?:[/?#].*)?' },
      ],
    },
  ],
};
