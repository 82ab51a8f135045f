// The content repository on both databases: lists, filters, scheduling, conflicts,
// revisions, Unicode, and the number of queries a list costs.
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@/core/content/types';
import { AppError } from '@/core/errors/app-error';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { makeAuthor, makeImage, makePost, makeTag, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';
import { renderDocument } from '@/core/markdown/render-document';

/** Counts the queries sent through a Kysely instance. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count += 1;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const day = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * day);

async function expectAppError(promise: Promise<unknown>, code: AppError['code'], field: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect(Object.keys((error as AppError).fields ?? {})).toContain(field);
  return error as AppError;
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`content repository (${target.name})`, () => {
    let t: TestDatabase;
    let repo: ContentRepository;

    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      repo = createContentRepository(t.db, renderDocument);
    });
    afterAll(async () => {
      await t?.close();
    });

    describe('listPosts', () => {
      // Seven posts under one tag, so the assertions see only this block's posts.
      let tagId: number;
      let authorId: number;
      let posts: Post[];

      beforeAll(async () => {
        tagId = (await makeTag(repo)).id;
        authorId = (await makeAuthor(repo)).id;
        const coverMediaId = (await makeImage(repo)).id;
        const sameTime = daysAgo(3);
        posts = [];
        for (const [i, publishedAt] of [daysAgo(10), daysAgo(8), sameTime, sameTime, daysAgo(2), new Date('2024-06-01T00:00:00Z')].entries()) {
          posts.push(await makePost(repo, { publishedAt, tagIds: [tagId], authorIds: i % 2 === 0 ? [authorId] : [], featured: i === 1, coverMediaId }));
        }
        // Chinese only: no English translation at all.
        posts.push(
          await makePost(repo, {
            publishedAt: daysAgo(1),
            tagIds: [tagId],
            coverMediaId,
            translations: { zh: { slug: unique('zh-only'), title: '只有中文', body: '正文', state: 'published' } },
          }),
        );
      });

      it('orders newest first, breaking ties by id, across pages', async () => {
        const seen: number[] = [];
        for (let page = 1; page <= 3; page += 1) {
          const result = await repo.listPosts({ locale: 'en', page, pageSize: 3, tagId });
          expect(result).toMatchObject({ page, pageSize: 3, total: 7 });
          seen.push(...result.items.map((p) => p.id));
        }
        const [p0, p1, p2, p3, p4, p5, zhOnly] = posts.map((p) => p.id);
        expect(seen).toEqual([zhOnly, p4, p3, p2, p1, p0, p5]);
      });

      it('filters by author, year and featured', async () => {
        const byAuthor = await repo.listPosts({ locale: 'zh', page: 1, pageSize: 10, authorId });
        expect(byAuthor.items.map((p) => p.id).sort()).toEqual([posts[0]!.id, posts[2]!.id, posts[4]!.id].sort());
        const in2024 = await repo.listPosts({ locale: 'zh', page: 1, pageSize: 10, tagId, year: 2024 });
        expect(in2024.items.map((p) => p.id)).toEqual([posts[5]!.id]);
        const featured = await repo.listPosts({ locale: 'zh', page: 1, pageSize: 10, tagId, featured: true });
        expect(featured.items.map((p) => p.id)).toEqual([posts[1]!.id]);
      });

      it('leaves out the posts it is told to, in the total too (the home page\'s featured ones)', async () => {
        const excluded = [posts[4]!.id, posts[1]!.id];
        const rest = await repo.listPosts({ locale: 'en', page: 1, pageSize: 10, tagId, excludeIds: excluded });
        expect(rest.total).toBe(5);
        expect(rest.items.map((p) => p.id)).not.toContain(excluded[0]);
        expect(rest.items.map((p) => p.id)).not.toContain(excluded[1]);
      });

      it('includes posts lacking the language unless asked not to', async () => {
        const zhOnly = posts[6]!.id;
        const all = await repo.listPosts({ locale: 'en', page: 1, pageSize: 10, tagId });
        expect(all.items.map((p) => p.id)).toContain(zhOnly);
        const englishOnly = await repo.listPosts({ locale: 'en', page: 1, pageSize: 10, tagId, includeOtherLanguage: false });
        expect(englishOnly.total).toBe(6);
        expect(englishOnly.items.map((p) => p.id)).not.toContain(zhOnly);
      });

      it('loads a page in a fixed number of queries, however many posts it holds', async () => {
        const counter = new QueryCounter();
        const counted = createContentRepository(t.db.withPlugin(counter), renderDocument);
        const small = await counted.listPosts({ locale: 'zh', page: 1, pageSize: 1, tagId });
        const forOne = counter.count;
        counter.count = 0;
        const large = await counted.listPosts({ locale: 'zh', page: 1, pageSize: 7, tagId });
        expect(small.items).toHaveLength(1);
        expect(large.items).toHaveLength(7);
        expect(large.items.every((p) => p.tags.length === 1)).toBe(true);
        expect(large.items.filter((p) => p.cover?.alt.en === 'A picture')).toHaveLength(7);
        // count + page + translations, authors, tags, attached media, covers.
        expect(forOne).toBe(7);
        expect(counter.count).toBe(forOne);
      });

      it('rejects a page number below 1', async () => {
        await expectAppError(repo.listPosts({ locale: 'zh', page: 0, pageSize: 10 }), 'BAD_REQUEST', 'page');
      });
    });

    describe('scheduling and drafts', () => {
      it('hides a post until its publication time', async () => {
        const tag = await makeTag(repo);
        const tagId = tag.id;
        const author = await makeAuthor(repo);
        const future = new Date(Date.now() + 7 * day);
        const post = await makePost(repo, { publishedAt: future, tagIds: [tagId], authorIds: [author.id] });
        const slug = post.translations.en!.slug;

        expect(await repo.findPostBySlug('en', slug)).toBeNull();
        expect((await repo.listPosts({ locale: 'en', page: 1, pageSize: 10, tagId })).total).toBe(0);
        expect((await repo.listSitemapEntries()).map((e) => e.postId)).not.toContain(post.id);
        // Its tag and author have nothing to list yet: no sitemap entry for their pages.
        expect((await repo.listSitemapTags()).map((t) => t.names.en?.slug)).not.toContain(tag.names.en!.slug);
        expect((await repo.listSitemapAuthors()).map((a) => a.handle)).not.toContain(author.handle);
        const tags = await repo.listTags();
        expect(tags.find((tag) => tag.id === tagId)?.postCount).toBe(0);

        const later = new Date(future.getTime() + 1000);
        expect((await repo.findPostBySlug('en', slug, { now: later }))?.post.id).toBe(post.id);
        expect((await repo.listPosts({ locale: 'en', page: 1, pageSize: 10, tagId, now: later })).total).toBe(1);
        expect((await repo.listSitemapTags({ now: later })).map((t) => t.names.en?.slug)).toContain(tag.names.en!.slug);
        expect((await repo.listSitemapAuthors({ now: later })).map((a) => a.handle)).toContain(author.handle);
      });

      it('never shows a draft post, and omits draft translations of a published one', async () => {
        const draft = await makePost(repo, { status: 'draft' });
        expect(await repo.findPostBySlug('zh', draft.translations.zh!.slug)).toBeNull();

        const slug = unique('half');
        const half = await makePost(repo, {
          translations: {
            zh: { slug: `zh-${slug}`, title: '已发布', body: '正文', state: 'published' },
            en: { slug, title: 'Not yet', body: 'Draft', state: 'draft' },
          },
        });
        expect(half.translations.en?.state).toBe('draft');
        expect(await repo.findPostBySlug('en', slug)).toBeNull();
        const found = await repo.findPostBySlug('en', `zh-${slug}`);
        expect(found?.matchedLocale).toBe('zh');
        expect(Object.keys(found!.post.translations)).toEqual(['zh']);
      });
    });

    describe('writes', () => {
      it('refuses a slug another post uses in the same language, naming the field', async () => {
        const first = await makePost(repo);
        const error = await expectAppError(
          makePost(repo, {
            translations: { zh: { slug: first.translations.zh!.slug, title: '重复', body: '正文', state: 'published' } },
          }),
          'CONFLICT',
          'slug',
        );
        expect(error.status).toBe(409);
        // The same slug in the other language is fine.
        const other = await makePost(repo, {
          translations: {
            zh: { slug: unique('zh'), title: '中文', body: '正文' },
            en: { slug: first.translations.zh!.slug, title: 'English', body: 'Body' },
          },
        });
        expect(other.translations.en?.slug).toBe(first.translations.zh!.slug);
      });

      it('refuses a duplicate tag slug and author handle', async () => {
        const tag = await makeTag(repo);
        await expectAppError(
          repo.createTag({ key: unique('tag'), names: { en: { name: 'Again', slug: tag.names.en!.slug } } }),
          'CONFLICT',
          'slug',
        );
        const author = await makeAuthor(repo);
        await expectAppError(makeAuthor(repo, { handle: author.handle }), 'CONFLICT', 'handle');
      });

      it('rolls back a refused post completely', async () => {
        const before = await repo.countPosts();
        const taken = (await makePost(repo)).translations.en!.slug;
        await expectAppError(
          makePost(repo, {
            translations: {
              zh: { slug: unique('zh'), title: '中文', body: '正文' },
              en: { slug: taken, title: 'Clash', body: 'Body' },
            },
          }),
          'CONFLICT',
          'slug',
        );
        expect(await repo.countPosts()).toBe(before + 1);
      });

      it('records a revision per save and notices when a translation falls behind', async () => {
        const post = await makePost(repo);
        const zh = post.translations.zh!;
        const en = post.translations.en!;
        expect(en.basedOnRevisionId).toBe(zh.revisionId);
        expect(post.version).toBe(1);

        const newer = await repo.saveTranslation(post.id, 'zh', { slug: zh.slug, title: zh.title, body: '新的正文' }, { basedOnRevisionId: null });
        expect(newer.revisionId).toBeGreaterThan(zh.revisionId);
        expect(newer.state).toBe('published');
        // A save is a draft: readers still get the published revision until it is published.
        const unchanged = (await repo.findPostBySlug('en', en.slug))!.post;
        expect(unchanged.translations.zh!.revisionId).toBe(zh.revisionId);
        expect(unchanged.translations.zh!.body).toBe(zh.body);

        await repo.saveTranslation(post.id, 'zh', { slug: zh.slug, title: zh.title, body: '新的正文' }, { basedOnRevisionId: null, state: 'published' });
        const reloaded = (await repo.findPostBySlug('en', en.slug))!.post;
        expect(reloaded.version).toBe(3);
        expect(reloaded.translations.zh!.body).toBe('新的正文');
        expect(reloaded.translations.en!.basedOnRevisionId).not.toBe(reloaded.translations.zh!.revisionId);

        const zhNow = reloaded.translations.zh!.revisionId;
        const caughtUp = await repo.saveTranslation(post.id, 'en', { slug: en.slug, title: en.title, body: 'New body' }, { basedOnRevisionId: zhNow });
        expect(caughtUp.basedOnRevisionId).toBe(zhNow);

        // A translation can only be based on the other language of the same post.
        await expectAppError(
          repo.saveTranslation(post.id, 'en', { slug: en.slug, title: en.title, body: 'x' }, { basedOnRevisionId: caughtUp.revisionId }),
          'VALIDATION',
          'basedOnRevisionId',
        );
        await expect(repo.saveTranslation(999_999, 'en', { slug: unique('x'), title: 'x', body: 'x' }, { basedOnRevisionId: null })).rejects.toMatchObject({
          code: 'NOT_FOUND',
        });
      });

      it('computes reading minutes from the body', async () => {
        const post = await makePost(repo, {
          translations: { zh: { slug: unique('zh'), title: '长文', body: '字'.repeat(2500), state: 'published' } },
        });
        expect(post.translations.zh!.readingMinutes).toBe(5);
      });
    });

    describe('Unicode', () => {
      const tricky = [
        '中文标题：《双声》——“引号”与「括号」',
        'emoji 👩‍👩‍👧‍👦 🀄️ 🇨🇳 and astral 𠀀𪚥',
        '<script>alert("x")</script> & &amp; \' " `',
        'controls: \u0001\u0007\u001b[31m\u007f\u0085 tab\t CRLF\r\n NEL LS\u2028PS\u2029',
        'invisible: \u200b\u200d\ufeff and decomposed e\u0301 vs é, RTL \u202eabc\u202c שלום',
        "SQL: '; drop table posts; -- \\ %_ ",
      ].join('\n');

      it('stores and returns text byte for byte', async () => {
        const slug = `中文-🙂-${unique('u')}`;
        const post = await makePost(repo, {
          translations: {
            zh: { slug, title: tricky.split('\n')[0]!, excerpt: tricky, body: tricky, seoTitle: tricky, state: 'published' },
          },
        });
        const found = await repo.findPostBySlug('zh', slug);
        const zh = found!.post.translations.zh!;
        for (const value of [zh.body, zh.excerpt, zh.seoTitle!]) {
          expect(Buffer.from(value, 'utf8').equals(Buffer.from(tricky, 'utf8'))).toBe(true);
        }
        expect(zh.slug).toBe(slug);
        expect(found!.post.id).toBe(post.id);

        const author = await makeAuthor(repo, { name: { zh: tricky } });
        expect((await repo.findAuthorByHandle(author.handle))!.name.zh).toBe(tricky);
      });

      it('refuses U+0000 the same way on both databases', async () => {
        await expectAppError(
          makePost(repo, { translations: { zh: { slug: unique('nul'), title: 'a\u0000b', body: 'x', state: 'published' } } }),
          'VALIDATION',
          'title',
        );
      });
    });

    it('lists only the posts narrated in a language when asked (the podcast)', async () => {
      const audio = await repo.createMedia({ kind: 'audio', path: `/audios/${unique('n')}.0123456789ab.mp3`, mime: 'audio/mpeg', bytes: 100, sha256: 'd'.repeat(64), durationSeconds: 12 });
      const narrated = await makePost(repo, { narrationMediaIds: { en: audio.id } });
      const plain = await makePost(repo);
      const ids = (await repo.listPosts({ locale: 'en', page: 1, pageSize: 100, narratedIn: 'en' })).items.map((p) => p.id);
      expect(ids).toContain(narrated.id);
      expect(ids).not.toContain(plain.id);
      const zhIds = (await repo.listPosts({ locale: 'zh', page: 1, pageSize: 100, narratedIn: 'zh' })).items.map((p) => p.id);
      expect(zhIds).not.toContain(narrated.id);
    });

    it('answers the health check', async () => {
      await expect(repo.checkHealth()).resolves.toBeUndefined();
    });
  });
}
