// Search on both databases: the index follows every save, only visible published
// translations are found, Chinese and English words meet the way the tokenizer says,
// titles outrank bodies, and filters, paging, snippets and the partial fallback behave.
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/core/errors/app-error';
import { migrateToLatest } from '@/db/migrate';
import { migrations } from '@/db/migrations';
import { isPostgres } from '@/db/dialect';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { rebuildSearchIndex } from '@/db/repositories/search-index';
import { createSearchRepository, type SearchRepository } from '@/db/repositories/search-repository';
import { seedDemo } from '@/server/demo/seed-demo';
import { makeAuthor, makePost, makeTag, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';
import { renderDocument } from '@/core/markdown/render-document';

const day = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * day);

/** A made-up Latin word no other test (or the stemmer) will touch: consonants only. */
function word(): string {
  const letters = 'bcdfghjkmnpqrtvwxz';
  return `zx${Array.from({ length: 6 }, () => letters[Math.floor(Math.random() * letters.length)]).join('')}`;
}

/** Three random Han characters from a rarely used block, so they appear nowhere else. */
function hanWord(): string {
  return Array.from({ length: 3 }, () => String.fromCodePoint(0x3400 + Math.floor(Math.random() * 6000))).join('');
}

function bilingual(slug: string, zh: { title: string; body: string; excerpt?: string }, en: { title: string; body: string; excerpt?: string }) {
  return {
    zh: { slug: `zh-${slug}`, excerpt: '', ...zh, state: 'published' as const },
    en: { slug, excerpt: '', ...en, state: 'published' as const },
  };
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`search repository (${target.name})`, () => {
    let t: TestDatabase;
    let repo: ContentRepository;
    let search: SearchRepository;
    const find = (query: string, extra: Partial<Parameters<SearchRepository['search']>[0]> = {}) =>
      search.search({ query, page: 1, pageSize: 20, ...extra });

    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      repo = createContentRepository(t.db, renderDocument);
      search = createSearchRepository(t.db);
    });
    afterAll(async () => {
      await t?.close();
    });

    describe('keeping the index in step', () => {
      it('indexes a new post, and follows every save of a translation', async () => {
        const [first, second] = [word(), word()];
        const post = await makePost(repo, { translations: bilingual(unique('s'), { title: '标题', body: `正文 ${first}` }, { title: 'Title', body: `Body ${first}` }) });
        expect((await find(first)).items.map((h) => [h.postId, h.locale]).sort()).toEqual([[post.id, 'en'], [post.id, 'zh']]);

        const zh = post.translations.zh!;
        // A draft save changes nothing readers can find; publishing it does.
        await repo.saveTranslation(post.id, 'zh', { slug: zh.slug, title: zh.title, body: `新的正文 ${second}` }, { basedOnRevisionId: null });
        expect((await find(first)).items.map((h) => h.locale).sort()).toEqual(['en', 'zh']);
        expect((await find(second)).total).toBe(0);
        await repo.saveTranslation(post.id, 'zh', { slug: zh.slug, title: zh.title, body: `新的正文 ${second}` }, { basedOnRevisionId: null, state: 'published' });
        expect((await find(first)).items.map((h) => h.locale)).toEqual(['en']);
        expect((await find(second)).items.map((h) => h.locale)).toEqual(['zh']);

        // Back to draft: out of the index.
        await repo.saveTranslation(post.id, 'zh', { slug: zh.slug, title: zh.title, body: `新的正文 ${second}` }, { basedOnRevisionId: null, state: 'draft' });
        expect((await find(second)).total).toBe(0);
      });

      it('writes nothing when the save fails', async () => {
        const marker = word();
        const taken = await makePost(repo);
        await expect(
          makePost(repo, { translations: bilingual(taken.translations.en!.slug, { title: '重复', body: marker }, { title: 'Duplicate', body: marker }) }),
        ).rejects.toBeInstanceOf(AppError);
        expect((await find(marker)).total).toBe(0);
      });

      it('indexes tag and author names in each language', async () => {
        const tagWord = word();
        const tag = await makeTag(repo, { key: unique('k'), names: { zh: { name: `标签${tagWord}`, slug: unique('zh') }, en: { name: `Tag ${tagWord}`, slug: unique('en') } } });
        const author = await makeAuthor(repo, { handle: unique('a'), name: { zh: '蘅芷清', en: 'Hengzhi Qing' } });
        await makePost(repo, { tagIds: [tag.id], authorIds: [author.id] });
        expect((await find(tagWord)).items.map((h) => h.locale).sort()).toEqual(['en', 'zh']);
        expect((await find('蘅芷清')).items.map((h) => h.locale)).toEqual(['zh']);
        expect((await find('hengzhi')).items.map((h) => h.locale)).toEqual(['en']);
      });

      it('drops a deleted post from the index (cascade)', async () => {
        const marker = word();
        const post = await makePost(repo, { translations: bilingual(unique('d'), { title: '删', body: marker }, { title: 'Gone', body: marker }) });
        expect((await find(marker)).total).toBe(2);
        await t.db.deleteFrom('posts').where('id', '=', post.id).execute();
        expect((await find(marker)).total).toBe(0);
        if (!isPostgres(t.db as never)) {
          const left = await sql<{ n: number }>`select count(*) as n from search_fts where search_fts match ${`"${marker}"`}`.execute(t.db);
          expect(Number(left.rows[0]!.n)).toBe(0);
        }
      });
    });

    describe('visibility', () => {
      it('finds only published posts whose time has come, and only published translations', async () => {
        const marker = word();
        const scheduled = await makePost(repo, { publishedAt: new Date(Date.now() + 3 * day), translations: bilingual(unique('v'), { title: '预定', body: marker }, { title: 'Later', body: marker }) });
        await makePost(repo, { status: 'draft', publishedAt: null, translations: bilingual(unique('v'), { title: '草稿', body: marker }, { title: 'Draft', body: marker }) });
        await makePost(repo, {
          translations: { zh: { slug: unique('zh-v'), title: '已发布', body: marker, state: 'published' }, en: { slug: unique('v'), title: 'Draft translation', body: marker, state: 'draft' } },
        });
        expect((await find(marker)).items.map((h) => h.locale)).toEqual(['zh']);
        const later = await find(marker, { now: new Date(Date.now() + 4 * day) });
        expect(later.items.filter((h) => h.postId === scheduled.id)).toHaveLength(2);
      });
    });

    describe('Chinese and English words', () => {
      let tagId: number;
      const ids: Record<string, number> = {};

      beforeAll(async () => {
        tagId = (await makeTag(repo)).id;
        const make = async (key: string, zh: { title: string; body: string }, en: { title: string; body: string }) => {
          ids[key] = (await makePost(repo, { tagIds: [tagId], translations: bilingual(unique(key), zh, en) })).id;
        };
        await make('bilingual', { title: '关于双语出版平台', body: '我们做一个双语出版平台。' }, { title: 'A bilingual publishing platform', body: 'We are publishing in two languages.' });
        await make('translation', { title: '译诗', body: '翻译一首诗需要很长时间。' }, { title: 'Notes on translation', body: 'Translating a poem takes all night.' });
        await make('deploy', { title: '上线', body: '在自己的服务器上部署 Next.js 应用。' }, { title: 'Going live', body: 'Deploying a Next.js app on your own server.' });
        await make('books', { title: '藏书', body: '一本关于书的书。' }, { title: 'Collecting', body: 'A library of old volumes.' });
        await make('traditional', { title: '繁體', body: '中文搜尋是怎麼運作的。' }, { title: 'Traditional', body: 'How search works in traditional characters.' });
      });

      it.each<[string, 'zh' | 'en', string[]]>([
        ['双语', 'zh', ['bilingual']],
        ['出版', 'zh', ['bilingual']],
        ['双语出版平台', 'zh', ['bilingual']],
        ['书', 'zh', ['books']],
        ['Next.js 部署', 'zh', ['deploy']],
        ['ＮＥＸＴ．ＪＳ', 'zh', ['deploy']],
        ['服务器', 'zh', ['deploy']],
        ['搜尋', 'zh', ['traditional']],
        ['translations', 'en', ['translation']],
        ['publish', 'en', ['bilingual']],
        ['deploys next.js', 'en', ['deploy']],
      ])('%s (%s)', async (query, locale, expected) => {
        const result = await find(query, { locale, tagId });
        expect(result.items.map((h) => Object.keys(ids).find((k) => ids[k] === h.postId))).toEqual(expected);
        expect(result.isPartial).toBe(false);
      });

      it('searches both languages with locale all, the preferred language first', async () => {
        const result = await find('Next.js', { tagId, locale: 'all', preferLocale: 'en' });
        expect(result.items.map((h) => [h.postId, h.locale])).toEqual([[ids.deploy, 'en'], [ids.deploy, 'zh']]);
        const zhFirst = await find('Next.js', { tagId, preferLocale: 'zh' });
        expect(zhFirst.items.map((h) => h.locale)).toEqual(['zh', 'en']);
      });

      it('answers a hit with the fields a result needs', async () => {
        const [hit] = (await find('translations', { tagId, locale: 'en' })).items;
        expect(hit).toMatchObject({ postId: ids.translation, locale: 'en', kind: 'post', title: 'Notes on translation' });
        // No written excerpt: the hit carries the one derived from the body's first sentences.
        expect(hit!.excerpt).toBe('Translating a poem takes all night.');
        expect(hit!.path).toBe(`/en/posts/${hit!.slug}`);
        expect(hit!.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        expect(hit!.snippet).toBe('<mark>Translating</mark> a poem takes all night.');
      });

      it('falls back to results holding some of the words, flagged as partial', async () => {
        const result = await find(`双语 ${word()}`, { tagId, locale: 'zh' });
        expect(result.isPartial).toBe(true);
        expect(result.items.map((h) => h.postId)).toEqual([ids.bilingual]);
        expect((await find(`${word()} ${word()}`)).total).toBe(0);
      });

      it('has nothing to match for a query without words', async () => {
        expect(await find('？！…', { tagId })).toEqual({ items: [], total: 0, isTotalCapped: false, page: 1, pageSize: 20, isPartial: false });
      });
    });

    describe('ranking, paging and snippets', () => {
      it('ranks a title match above body matches', async () => {
        const marker = word();
        const inBody = await makePost(repo, { publishedAt: daysAgo(1), translations: bilingual(unique('r'), { title: '正文里', body: `${marker} 出现了。`.repeat(5) }, { title: 'In the body', body: `It says ${marker} here. `.repeat(5) }) });
        const inTitle = await makePost(repo, { publishedAt: daysAgo(5), translations: bilingual(unique('r'), { title: `标题 ${marker}`, body: '别的内容。'.repeat(30) }, { title: `About ${marker}`, body: 'Other things entirely. '.repeat(30) }) });
        for (const locale of ['zh', 'en'] as const) {
          expect((await find(marker, { locale })).items.map((h) => h.postId)).toEqual([inTitle.id, inBody.id]);
        }
      });

      it('pages through the results with a stable total', async () => {
        const marker = word();
        for (let i = 0; i < 5; i += 1) await makePost(repo, { translations: bilingual(unique('p'), { title: `第${i}篇`, body: marker }, { title: `Number ${i}`, body: marker }) });
        const seen: string[] = [];
        for (let page = 1; page <= 4; page += 1) {
          const result = await search.search({ query: marker, page, pageSize: 3 });
          expect(result.total).toBe(10);
          seen.push(...result.items.map((h) => `${h.postId}:${h.locale}`));
        }
        expect(seen).toHaveLength(10);
        expect(new Set(seen).size).toBe(10);
      });

      it('escapes the body in snippets and marks the matches', async () => {
        const marker = word();
        await makePost(repo, {
          translations: bilingual(unique('h'), { title: '转义', body: `**粗体** <b>标签</b> & ${marker}` }, { title: 'Escapes', body: `If a < b && "c" > 'd' then ${marker}` }),
        });
        const snippets = Object.fromEntries((await find(marker)).items.map((h) => [h.locale, h.snippet]));
        expect(snippets.en).toBe(`If a &lt; b &amp;&amp; &quot;c&quot; &gt; &#39;d&#39; then <mark>${marker}</mark>`);
        expect(snippets.zh).toBe(`粗体 标签 &amp; <mark>${marker}</mark>`);
      });

      it('runs inside a caller’s transaction and leaves its settings as they were', async () => {
        const marker = word();
        await makePost(repo, { translations: bilingual(unique('x'), { title: '事务', body: marker }, { title: 'Transaction', body: marker }) });
        await t.db.transaction().execute(async (trx) => {
          expect((await createSearchRepository(trx).search({ query: marker, page: 1, pageSize: 5 })).total).toBe(2);
          if (isPostgres(trx as never)) {
            const { rows } = await sql<{ value: string }>`select current_setting('enable_seqscan') as value`.execute(trx);
            expect(rows[0]!.value).toBe('on');
          }
        });
      });

      it('refuses bad paging with the field named', async () => {
        await expect(search.search({ query: 'x', page: 0, pageSize: 10 })).rejects.toMatchObject({ code: 'BAD_REQUEST', fields: { page: expect.any(Array) } });
        await expect(search.search({ query: 'x', page: 1, pageSize: 500 })).rejects.toMatchObject({ fields: { pageSize: expect.any(Array) } });
      });

      it('finds text deep in a long Chinese body, and stores a very long one', async () => {
        const marker = hanWord();
        const filler = Array.from({ length: 30_000 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20000))).join('');
        const post = await makePost(repo, { translations: { zh: { slug: unique('zh-long'), title: '很长', body: `${filler}${marker}${filler}${filler}`, state: 'published' } } });
        expect((await find(marker)).items.map((h) => h.postId)).toEqual([post.id]);
      }, 30_000);
    });

    describe('rebuilding', () => {
      it('rebuildSearchIndex and the backfill migration give the same answers as the writer', async () => {
        const queries = ['双语', 'translations', '书', 'Next.js 部署'];
        const before = await Promise.all(queries.map((q) => find(q)));
        const rebuilt = await rebuildSearchIndex(t.db);
        expect(rebuilt.documents).toBeGreaterThan(10);
        expect(await Promise.all(queries.map((q) => find(q)))).toEqual(before);

        // The backfill ran on the index as it was then (a plain-text column of its own),
        // which the compact-storage migration takes away again, and on drafts that each
        // kept a copy of their Markdown (the draft-body migration empties them again), with
        // PostgreSQL's renderings as text (packed as bytes again since 2027-01-09), and the
        // revisions' Markdown as text (packed since 2027-01-10), and the plain texts packed
        // alone (against their HTML since 2027-01-12).
        await sql`delete from search_documents`.execute(t.db);
        expect((await find('双语')).total).toBe(0);
        const between = ['2027-01-12T0001-plain-text-against-html', '2027-01-10T0001-packed-revisions', '2027-01-09T0001-packed-renderings-postgres', '2027-01-05T0001-draft-body', '2027-01-02T0001-compact-storage'];
        for (const name of between) await migrations[name]!.down!(t.db);
        await migrations['2026-12-01T0002-search-backfill']!.up(t.db);
        for (const name of [...between].reverse()) await migrations[name]!.up(t.db);
        expect(await Promise.all(queries.map((q) => find(q)))).toEqual(before);
      }, 60_000);
    });
  });

  describe.skipIf(target.skip)(`search over the demo magazine (${target.name})`, () => {
    let t: TestDatabase;
    let search: SearchRepository;
    const now = new Date('2027-01-01T00:00:00Z');

    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      await seedDemo(t.db, { dataDir: t.dataDir, demoDir: join(process.cwd(), 'demo'), render: renderDocument });
      search = createSearchRepository(t.db);
    // vitest.config.ts's hook timeout: the first file of a run to seed the demo encodes its
    // images' copies for every later one (DUET_TEST_VARIANT_CACHE), past 60 s in CI.
    });
    afterAll(async () => {
      await t?.close();
    });

    it.each<[string, 'zh' | 'en', string]>([
      ['双语', 'zh', 'wei-shenme-yong-liang-zhong-yuyan-chuban'],
      ['中文搜索', 'zh', 'zhongwen-sousuo-shi-zenme-gongzuo-de'],
      ['静夜思', 'zh', 'fanyi-jing-ye-si'],
      ['translations', 'en', 'translating-quiet-night-thoughts'],
      ['Next.js', 'en', 'deploying-nextjs-on-your-own-server'],
      ['suzhou creek', 'en', 'a-walk-along-suzhou-creek'],
      // Through the glossary: the article says 两种语言 / "two languages", never 双语.
      ['双语', 'en', 'why-publish-in-two-languages'],
      ['bilingual', 'zh', 'wei-shenme-yong-liang-zhong-yuyan-chuban'],
    ])('%s (%s) finds %s among the first three', async (query, locale, slug) => {
      const result = await search.search({ query, locale, page: 1, pageSize: 3, now });
      expect(result.items.map((h) => h.slug)).toContain(slug);
    });

    it('matches a glossary phrase only where its words stand together', async () => {
      // The English pages say "spring" and "festival", but never "Spring Festival" (春节).
      expect((await search.search({ query: '春节', locale: 'en', page: 1, pageSize: 10, now })).total).toBe(0);
      const both = await search.search({ query: '春节', locale: 'all', preferLocale: 'en', page: 1, pageSize: 10, now });
      expect(both.items.map((h) => h.slug)).toEqual(['chunjie-suibi']);
    });
  });
}
