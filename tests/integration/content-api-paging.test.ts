// The Content API's lists and caching on both databases, answers checked against the
// OpenAPI document: a cursor walk gives every published post exactly once in the pages'
// order, even while a post is published during the walk; an ETag answers 304 until
// something is published; a publication reaches the API and the pages together, and a
// change that was not revalidated reaches neither.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Post } from '@/core/content/types';
import { isAfter } from '@/core/content-api/cursor';
import * as postRoute from '@/app/api/v1/content/posts/[id]/route';
import * as postsRoute from '@/app/api/v1/content/posts/route';
import { getPostBySlug, listPosts } from '@/server/content';
import { revalidateContent } from '@/server/revalidate';
import { openContentApi, type ContentApiFixture } from './helpers/content-api-fixture';
import { makePost, makeTag, unique } from './helpers/factories';
import { testTargets } from './helpers/test-databases';

vi.mock('next/cache', async () => (await import('./helpers/next-doubles')).nextCacheDouble);
vi.mock('next-intl/server', async () => (await import('./helpers/next-doubles')).nextIntlDouble);

type ApiPost = { id: number; publishedAt: string };

for (const target of testTargets) {
  describe.skipIf(target.skip)(`Content API lists and caching (${target.name})`, () => {
    let api: ContentApiFixture;
    const made: Post[] = [];
    let tagId: number;

    beforeAll(async () => {
      api = await openContentApi(target);
      tagId = (await makeTag(api.content)).id;
      // Three share one publication time: the id breaks the tie, and the cursor must too.
      const shared = new Date(Date.now() - 5 * 3600 * 1000);
      for (let i = 0; i < 9; i += 1) {
        const publishedAt = i < 3 ? shared : new Date(Date.now() - (i + 10) * 3600 * 1000);
        made.push(await makePost(api.content, { publishedAt, tagIds: i % 2 === 0 ? [tagId] : [] }));
      }
      await makePost(api.content, { status: 'draft', publishedAt: null });
    }, 120_000);
    afterAll(() => api?.close());

    /** Every page of `query`, `limit` at a time; `during` runs after the first page. */
    async function walk(query: string, limit: number, during?: () => Promise<void>) {
      const seen: ApiPost[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const path: string = `/api/v1/content/posts?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`;
        const { body } = await api.get(postsRoute.GET, path);
        expect(body.data.length).toBeLessThanOrEqual(limit);
        seen.push(...body.data);
        cursor = body.nextCursor;
        pages += 1;
        if (pages === 1 && during) await during();
      } while (cursor !== null && pages < 50);
      return seen;
    }

    it('walks every published post exactly once, in the order the pages list them', async () => {
      const everything = await listPosts({ locale: 'zh', page: 1, pageSize: 100, kind: 'post' });
      for (const limit of [1, 2, 4, 100]) {
        const seen = await walk('', limit);
        expect(seen.map((p) => p.id)).toEqual(everything.items.map((p) => p.id));
        for (let i = 1; i < seen.length; i += 1) expect(isAfter(seen[i]!, seen[i - 1]!)).toBe(true);
      }
      const tagged = (await listPosts({ locale: 'zh', page: 1, pageSize: 100, kind: 'post', tagId })).items.map((p) => p.id);
      expect(tagged).toHaveLength(5);
      const tagSlug = (await api.content.listTags()).find((t) => t.id === tagId)!.names.en!.slug;
      expect((await walk(`&tag=${tagSlug}`, 2)).map((p) => p.id)).toEqual(tagged);
    });

    it('neither repeats nor skips a post when one is published during the walk', async () => {
      const before = (await listPosts({ locale: 'zh', page: 1, pageSize: 100, kind: 'post' })).items.map((p) => p.id);
      let fresh: Post | undefined;
      const seen = await walk('', 3, async () => {
        fresh = await makePost(api.content, { publishedAt: new Date(Date.now() - 1000) });
        await revalidateContent();
      });
      // The new post is newer than the walk's position: it belongs to a walk started from the top.
      expect(seen.map((p) => p.id)).toEqual(before);
      expect((await walk('', 100)).map((p) => p.id)).toEqual([fresh!.id, ...before]);
    });

    it('answers 304 to a current ETag, and a new answer once something is published', async () => {
      const post = made[0]!;
      const path = `/api/v1/content/posts/${post.id}`;
      const params = { id: String(post.id) };
      const first = await api.get(postRoute.GET, path, params);
      const etag = first.response.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect(first.response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      const again = await api.get(postRoute.GET, path, params, { 'if-none-match': etag });
      expect([again.status, again.body, again.response.headers.get('etag')]).toEqual([304, undefined, etag]);
      expect((await api.get(postRoute.GET, path, params, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
      // Another language is another body with its own ETag.
      expect((await api.get(postRoute.GET, `${path}?lang=en`, params, { 'if-none-match': etag })).status).toBe(200);

      // Published without a revalidation (not how the Studio publishes): neither the page nor the API changes.
      const en = post.translations.en!;
      expect((await getPostBySlug('en', en.slug))!.post.translations.en!.title).toBe(en.title);
      const draft = (await api.studio.getStudioPost(post.id))!.translations.en!;
      await api.studio.saveDraft(post.id, 'en', { fields: { slug: en.slug, title: `Retitled ${unique('t')}`, body: en.body }, expectedRevisionId: draft.revisionId, userId: api.ownerId });
      await api.publishing.publish(post.id, 'en', api.ownerId);
      expect((await api.get(postRoute.GET, path, params, { 'if-none-match': etag })).status).toBe(304);
      expect((await getPostBySlug('en', en.slug))!.post.translations.en!.title).toBe(en.title);

      // The Studio revalidates after publishing: both see the new title at once.
      await revalidateContent();
      const page = (await getPostBySlug('en', en.slug))!.post.translations.en!;
      expect(page.title).toMatch(/^Retitled /);
      const fresh = await api.get(postRoute.GET, path, params, { 'if-none-match': etag });
      expect(fresh.status).toBe(200);
      expect(fresh.body.data.translations.en.title).toBe(page.title);
      expect(fresh.response.headers.get('etag')).not.toBe(etag);
    });
  });
}
