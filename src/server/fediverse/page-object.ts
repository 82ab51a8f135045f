// A post's page URL asked for ActivityPub JSON (#29): the proxy rewrites
// `/zh/posts/<slug>` with `Accept: application/activity+json` to `/ap/pages/zh/posts/<slug>`,
// answered here with the Article itself (the same object as its id URL), so pasting the
// page's address into a fediverse search finds the article. HTML requests never come here.
import { respondWithObject } from '@fedify/fedify';
import { isLocale } from '@/core/locales';
import { createFediverseArticles } from '@/db/repositories/fediverse-articles';
import { ensureDatabase } from '@/server/ensure-database';
import { articleOf } from './article-object';
import { safeDocumentLoader } from './document-loader';
import { getFederation, type DuetFederation } from './federation';

const notFound = () => new Response('Not Found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', vary: 'Accept' } });

/** `segments` follow /ap/pages/: [locale, 'posts', slug]. */
export async function respondWithPageObject(segments: readonly string[], target?: DuetFederation): Promise<Response> {
  const [locale, kind, rawSlug, ...rest] = segments;
  if (!isLocale(locale) || kind !== 'posts' || !rawSlug || rest.length > 0) return notFound();
  let slug: string;
  try {
    slug = decodeURIComponent(rawSlug).normalize('NFC');
  } catch {
    return notFound();
  }
  if (!target) await ensureDatabase();
  const fed = target ?? getFederation();
  const found = await createFediverseArticles(fed.db).findBySlug(locale, slug);
  const article = found && articleOf(found, locale, fed.origin);
  if (!article) return notFound();
  const response = await respondWithObject(article.object, { contextLoader: safeDocumentLoader('Duet') });
  response.headers.set('vary', 'Accept');
  response.headers.set('cache-control', 'public, max-age=60');
  return response;
}
