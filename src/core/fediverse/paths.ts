// Where the federation answers (#29). Everything lives under /ap/, which the proxy leaves
// unprefixed, plus WebFinger and NodeInfo under /.well-known/. An actor is named by its
// language, never by its handle, so changing a handle in Settings keeps every follower.
import { isLocale, type Locale } from '@/core/locales';

export const fediversePaths = {
  actor: '/ap/actors/{identifier}',
  inbox: '/ap/actors/{identifier}/inbox',
  sharedInbox: '/ap/inbox',
  outbox: '/ap/actors/{identifier}/outbox',
  followers: '/ap/actors/{identifier}/followers',
  article: '/ap/articles/{id}/{locale}',
  nodeInfo: '/ap/nodeinfo/2.1',
  /** Where the proxy sends `Accept: application/activity+json` asked of a post's page. */
  pageObject: '/ap/pages',
} as const;

export const actorPath = (locale: Locale) => `/ap/actors/${locale}`;
export const articlePath = (postId: number, locale: Locale) => `/ap/articles/${postId}/${locale}`;

/** The (post, language) an article URL of this site names, or null. */
export function parseArticleUrl(url: URL, origin: string): { postId: number; locale: Locale } | null {
  if (url.origin !== origin) return null;
  const match = /^\/ap\/articles\/(\d{1,12})\/([a-z]{2})$/.exec(url.pathname);
  if (!match || !isLocale(match[2])) return null;
  return { postId: Number(match[1]), locale: match[2] };
}

/** The (language, slug) of a post's page URL of this site, or null. */
export function parsePostPageUrl(url: URL, origin: string): { locale: Locale; slug: string } | null {
  if (url.origin !== origin) return null;
  const match = /^\/([a-z]{2})\/posts\/([^/]+)$/.exec(url.pathname);
  if (!match || !isLocale(match[1])) return null;
  try {
    return { locale: match[1], slug: decodeURIComponent(match[2]!).normalize('NFC') };
  } catch {
    return null;
  }
}

/** True when the Accept header asks for ActivityPub JSON rather than a page. */
export function wantsActivityJson(accept: string | null): boolean {
  if (!accept) return false;
  return /application\/activity\+json|application\/ld\+json[^,]*activitystreams/i.test(accept);
}
