// What an inbox activity is about, on this site (#29): the article (post and language) a
// Like, an Announce or a reply names, by the Article's id or by its page's URL, once it is
// checked to be live; and the sender as a follower or a reply's author, read from its actor
// document (fetched through the safe loader) with its handle made from its username and host.
import type { DocumentLoader } from '@fedify/fedify';
import type { Actor } from '@fedify/vocab';
import { parseArticleUrl, parsePostPageUrl } from '@/core/fediverse/paths';
import type { Locale } from '@/core/locales';
import type { Db } from '@/db/client';
import { createFediverseArticles } from '@/db/repositories/fediverse-articles';

export interface ArticleTarget {
  postId: number;
  locale: Locale;
}

/** The live article `url` names, or null when it names nothing live here. */
export async function findArticleTarget(db: Db, url: URL | null, origin: string): Promise<ArticleTarget | null> {
  if (!url) return null;
  const articles = createFediverseArticles(db);
  const byId = parseArticleUrl(url, origin);
  if (byId) {
    const found = await articles.findById(byId.postId);
    return found?.post.translations[byId.locale] ? byId : null;
  }
  const byPage = parsePostPageUrl(url, origin);
  if (byPage) {
    const found = await articles.findBySlug(byPage.locale, byPage.slug);
    return found ? { postId: found.post.id, locale: byPage.locale } : null;
  }
  return null;
}

export interface ActorFacts {
  uri: string;
  handle: string;
  name: string;
  url: string | null;
  iconUrl: string | null;
  host: string;
  inboxUrl: string | null;
  sharedInboxUrl: string | null;
}

const text = (value: unknown): string => (value == null ? '' : String(value));

/** `loaders` are the federation's safe ones: an icon given as a URL is fetched through them. */
export async function actorFacts(actor: Actor, loaders: { documentLoader: DocumentLoader; contextLoader: DocumentLoader }): Promise<ActorFacts | null> {
  const id = actor.id;
  if (!id) return null;
  const username = text(actor.preferredUsername) || id.pathname.split('/').filter(Boolean).pop() || 'unknown';
  let iconUrl: string | null = null;
  try {
    const icon = await actor.getIcon({ ...loaders, suppressError: true });
    const url = icon?.url;
    iconUrl = url instanceof URL ? url.href : (url?.href?.href ?? null);
  } catch {
    iconUrl = null;
  }
  const page = actor.url;
  return {
    uri: id.href,
    handle: `@${username}@${id.host}`,
    name: text(actor.name).slice(0, 200),
    url: page instanceof URL ? page.href : (page?.href?.href ?? null),
    iconUrl: iconUrl && /^https?:/.test(iconUrl) ? iconUrl : null,
    host: id.hostname.toLowerCase(),
    inboxUrl: actor.inboxId?.href ?? null,
    sharedInboxUrl: actor.endpoints?.sharedInbox?.href ?? null,
  };
}
