// Answers GET /{locale}/posts/{slug}/og.png: the article's Open Graph image in that
// language, drawn by next/og with the site's own fonts. Only a version that exists has
// one (a missing translation's page points at the other language's image, as its
// canonical URL does). The PNG is kept in the data cache under the content tag, keyed by
// the card's version, so a content change (revalidateContent) or a new title starts afresh.
import { unstable_cache } from 'next/cache';
import { ImageResponse } from 'next/og';
import { AppError } from '@/core/errors/app-error';
import { isLocale } from '@/core/locales';
import { contentTag, getPostBySlug } from '@/server/content';
import { safeDecode } from '@/server/load-post';
import { OgCardImage, ogCardTexts, ogImageSize, type OgCard } from './og-card';
import { loadOgFonts } from './og-fonts';
import { ogCardVersion, postOgCard } from './post-og-card';

/** Readers' and proxies' copy; the URL the pages link carries the version, so a change gets a new URL. */
const cacheControl = 'public, max-age=86400';

export async function servePostOgImage(request: Request, rawLocale: string, rawSlug: string): Promise<Response> {
  const slug = safeDecode(rawSlug);
  if (!isLocale(rawLocale) || slug == null || slug.length > 200) throw notFound();
  const found = await getPostBySlug(rawLocale, slug);
  // The slug must be this language's own: a missing translation has no image of its own.
  if (!found || found.matchedLocale !== rawLocale) throw notFound();
  const card = await postOgCard(found.post, rawLocale);
  if (!card) throw notFound();
  const etag = `"${ogCardVersion(card)}"`;
  const headers = { 'Content-Type': 'image/png', 'Cache-Control': cacheControl, ETag: etag, 'X-Content-Type-Options': 'nosniff' };
  if (request.headers.get('if-none-match')?.split(/\s*,\s*/).includes(etag)) return new Response(null, { status: 304, headers });
  return new Response(Buffer.from(await cachedPng(card), 'base64'), { headers });
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'This article has no image in this language.');
}

/** The PNG as base64 (the data cache holds JSON), made once per card version. */
function cachedPng(card: OgCard): Promise<string> {
  return unstable_cache(async () => Buffer.from(await renderPng(card)).toString('base64'), ['duet', 'og-image', ogCardVersion(card)], {
    tags: [contentTag],
  })();
}

async function renderPng(card: OgCard): Promise<ArrayBuffer> {
  const fonts = await loadOgFonts(ogCardTexts(card));
  const image = new ImageResponse(<OgCardImage card={card} fonts={fonts} />, { ...ogImageSize, fonts: fonts.fonts });
  return image.arrayBuffer();
}
