// Builds sitemaps from the database in slices, posts paged by id (keyset, not OFFSET), so
// 100,000 posts take neither long nor much memory: /sitemap.xml is the whole list while
// it fits one sitemap, and an index of /sitemaps/<n>.xml children once it does not. The
// list is one sequence of items, each a page in every language it has: the list pages,
// then authors, tags and posts (posts last, in id order, so new ones land in the last
// child). Each file is kept in the data cache under the content tag, which every
// publication, unpublication or deletion drops (server/revalidate.ts): a crawler's
// request is answered from it, and only the first one after a change rebuilds.
import { unstable_cache } from 'next/cache';
import { authorPaths, tagPaths } from '@/core/seo/listing-paths';
import { sitemapIndex, sitemapUrlLimit, urlEntries, urlsetClose, urlsetOpen } from '@/core/seo/sitemap-xml';
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { locales } from '@/core/locales';
import { absoluteUrl } from '@/core/config/site-url';
import type { LocalePaths } from '@/server/alternates';
import { contentTag } from '@/server/content';

/**
 * Items per child sitemap: 2,500, so 5,000 URLs and about 2 MB each with two languages,
 * well under the protocol's 50,000 URLs and 50 MB. Small files, as WordPress (2,000 URLs)
 * and Yoast (1,000) keep theirs: a child rebuilt after a publication reads 2,500 posts, and
 * one sent from the cache takes milliseconds where a full 24,900-post child (20 MB) took
 * about 100 ms of the server each time a crawler asked.
 */
export const itemsPerSitemap = Math.min(2_500, Math.floor(sitemapUrlLimit / locales.length));
const slice = 2_000;
const listPaths = ['', '/archive', '/tags'];

interface SitemapItem {
  paths: LocalePaths;
  updatedAt?: string | null;
  /** The post's id, from which the next slice continues. */
  key?: number;
}

/**
 * A run of items of one kind: how many there are, and a way to read a slice of them,
 * from `offset` or, for a slice that follows another, after the last one's `key`.
 */
interface Segment {
  count: number;
  read(offset: number, limit: number, afterKey: number | undefined): Promise<SitemapItem[]>;
}

async function repository() {
  await ensureDatabase();
  return createContentRepository(getDatabase());
}

async function segmentsOf(repo: ContentRepository): Promise<{ segments: Segment[]; total: number; lastModified: string | null }> {
  const now = new Date();
  const [posts, listings] = await Promise.all([repo.countVisiblePosts(now), repo.countSitemapListings(now)]);
  const lists = listPaths.map((path) => ({ paths: Object.fromEntries(locales.map((l) => [l, `/${l}${path}`])) as LocalePaths }));
  const segments: Segment[] = [
    { count: lists.length, read: async (offset, limit) => lists.slice(offset, offset + limit) },
    {
      count: listings.authors,
      read: async (offset, limit) => (await repo.listSitemapAuthors({ offset, limit, now })).map((a) => ({ paths: authorPaths(a.handle), updatedAt: a.updatedAt })),
    },
    {
      count: listings.tags,
      read: async (offset, limit) => (await repo.listSitemapTags({ offset, limit, now })).map((t) => ({ paths: tagPaths(t.names), updatedAt: t.updatedAt })),
    },
    {
      count: posts.total,
      read: async (offset, limit, afterId) =>
        (await repo.listSitemapEntries(afterId === undefined ? { offset, limit, now } : { afterId, limit, now })).map((e) => ({ paths: e.paths, updatedAt: e.updatedAt, key: e.postId })),
    },
  ];
  return { segments, total: segments.reduce((sum, s) => sum + s.count, 0), lastModified: posts.lastModified };
}

const xmlHeaders = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

function absolute(paths: LocalePaths): Record<string, string> {
  return Object.fromEntries(Object.entries(paths).flatMap(([l, p]) => (p ? [[l, absoluteUrl(p)]] : [])));
}

/** Items [from, from + count) of the whole sequence, across segments, a slice at a time. */
async function* readItems(segments: Segment[], from: number, count: number): AsyncGenerator<SitemapItem[]> {
  let start = 0;
  for (const segment of segments) {
    const first = Math.max(from, start);
    const end = Math.min(from + count, start + segment.count);
    let afterKey: number | undefined;
    for (let offset = first; offset < end; offset += slice) {
      const items = await segment.read(offset - start, Math.min(slice, end - offset), afterKey);
      if (items.length === 0) break;
      afterKey = items.at(-1)!.key;
      yield items;
    }
    start += segment.count;
  }
}

async function buildUrlset(segments: Segment[], from: number, count: number): Promise<string> {
  const parts = [urlsetOpen];
  for await (const items of readItems(segments, from, count)) {
    parts.push(items.map((item) => urlEntries(absolute(item.paths), item.updatedAt)).join(''));
  }
  parts.push(urlsetClose);
  return parts.join('');
}

/** What the sitemap keeps under `name` until content is revalidated: a file's XML (null when there is no such file), or the count of children. */
function cached<T>(name: string, build: () => Promise<T>): Promise<T> {
  return unstable_cache(build, ['duet', 'sitemap', name], { tags: [contentTag] })();
}

function xmlResponse(xml: string): Response {
  return new Response(xml, { headers: xmlHeaders });
}

/**
 * One sitemap file, built from the database: the index (`'index'`: the whole urlset while
 * the site fits one file), or child `n` of the index, null when there is no such child.
 */
export async function buildSitemapFile(repo: ContentRepository, file: 'index' | number, perFile = itemsPerSitemap): Promise<string | null> {
  const { segments, total, lastModified } = await segmentsOf(repo);
  if (file === 'index') {
    if (total <= perFile) return buildUrlset(segments, 0, total);
    const children = Array.from({ length: Math.ceil(total / perFile) }, (_, n) => ({ url: absoluteUrl(`/sitemaps/${n}.xml`), lastModified }));
    return sitemapIndex(children);
  }
  if (total <= perFile || file * perFile >= total) return null;
  return buildUrlset(segments, file * perFile, perFile);
}

export async function sitemapResponse(): Promise<Response> {
  const xml = await cached('index', async () => buildSitemapFile(await repository(), 'index'));
  return xmlResponse(xml!);
}

/** How many children the index lists: none while the whole site fits the one file. */
export async function sitemapChildCount(repo: ContentRepository, perFile = itemsPerSitemap): Promise<number> {
  const { total } = await segmentsOf(repo);
  return total <= perFile ? 0 : Math.ceil(total / perFile);
}

/**
 * Child n of the index; null when there is no such child. The number is checked against
 * the cached count first, so a crawler asking for /sitemaps/0.xml to /sitemaps/999999.xml
 * neither counts the posts each time nor fills the cache with a million absent files.
 */
export async function childSitemapResponse(n: number): Promise<Response | null> {
  if (n >= (await cached('children', async () => sitemapChildCount(await repository())))) return null;
  const xml = await cached(`child-${n}`, async () => buildSitemapFile(await repository(), n));
  return xml === null ? null : xmlResponse(xml);
}
