// Streams sitemaps from the database in slices, so 100,000 posts take neither long nor
// much memory: /sitemap.xml is the whole list while it fits one sitemap, and an index of
// /sitemaps/<n>.xml children once it does not.
import { sitemapIndex, sitemapUrlLimit, urlEntries, urlsetClose, urlsetOpen } from '@/core/seo/sitemap-xml';
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/db/ensure-database';
import { createContentRepository } from '@/db/repositories/content-repository';
import { locales } from '@/i18n/routing';
import { absoluteUrl } from '@/server/site-url';

/** Posts per child sitemap: two languages each stay under the 50,000-URL limit. */
export const postsPerSitemap = Math.floor(sitemapUrlLimit / locales.length) - 100;
const slice = 2_000;
const listPaths = ['', '/archive', '/tags'];

async function repository() {
  await ensureDatabase();
  return createContentRepository(getDatabase());
}

const xmlHeaders = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

function absolute(paths: Partial<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(paths).flatMap(([l, p]) => (p ? [[l, absoluteUrl(p)]] : [])));
}

function streamUrlset(from: number, count: number, withListPages: boolean): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        const repo = await repository();
        controller.enqueue(encoder.encode(urlsetOpen));
        if (withListPages) {
          for (const path of listPaths) {
            controller.enqueue(encoder.encode(urlEntries(absolute(Object.fromEntries(locales.map((l) => [l, `/${l}${path}`]))))));
          }
        }
        for (let offset = from; offset < from + count; offset += slice) {
          const entries = await repo.listSitemapEntries({ offset, limit: Math.min(slice, from + count - offset) });
          if (entries.length === 0) break;
          controller.enqueue(encoder.encode(entries.map((e) => urlEntries(absolute(e.paths), e.updatedAt)).join('')));
        }
        controller.enqueue(encoder.encode(urlsetClose));
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  return new Response(stream, { headers: xmlHeaders });
}

export async function sitemapResponse(): Promise<Response> {
  const { total, lastModified } = await (await repository()).countVisiblePosts();
  if (total <= postsPerSitemap) return streamUrlset(0, total, true);
  const children = Array.from({ length: Math.ceil(total / postsPerSitemap) }, (_, n) => ({
    url: absoluteUrl(`/sitemaps/${n}.xml`),
    lastModified,
  }));
  return new Response(sitemapIndex(children), { headers: xmlHeaders });
}

/** Child n of the index; null when there is no such child. */
export async function childSitemapResponse(n: number): Promise<Response | null> {
  const { total } = await (await repository()).countVisiblePosts();
  if (total <= postsPerSitemap || n * postsPerSitemap >= total) return null;
  return streamUrlset(n * postsPerSitemap, postsPerSitemap, n === 0);
}
