// The demo seed and the reads the public site makes against it, on both databases.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { createSiteSettings } from '@/db/repositories/site-settings';
import { seedDemo } from '@/server/demo/seed-demo';
import { testTargets, type TestDatabase } from './helpers/test-databases';
import { renderDocument } from '@/core/markdown/render-document';

const demoDir = join(process.cwd(), 'demo');
// After every demo publication date, so the whole magazine is visible whatever today is.
const now = new Date('2027-01-01T00:00:00Z');

for (const target of testTargets) {
  describe.skipIf(target.skip)(`seedDemo (${target.name})`, () => {
    let t: TestDatabase;
    let repo: ContentRepository;
    let seeded: { posts: number };

    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      seeded = await seedDemo(t.db, { dataDir: t.dataDir, demoDir, render: renderDocument });
      repo = createContentRepository(t.db, renderDocument);
    // vitest.config.ts's hook timeout: the first file of a run to seed the demo encodes its
    // images' copies for every later one (DUET_TEST_VARIANT_CACHE), past 60 s in CI.
    });
    afterAll(async () => {
      await t?.close();
    });

    it('creates the whole magazine: at least 12 posts, and the about page', async () => {
      expect(seeded.posts).toBe(13);
      expect(await repo.countPosts()).toBe(13);
      const posts = await repo.listPosts({ locale: 'zh', page: 1, pageSize: 50, now });
      expect(posts.total).toBeGreaterThanOrEqual(12);
      const pages = await repo.listPosts({ locale: 'zh', page: 1, pageSize: 50, kind: 'page', now });
      expect(pages.items.map((p) => p.translations.en?.slug)).toEqual(['about']);
    });

    it('does nothing the second time', async () => {
      expect(await seedDemo(t.db, { dataDir: t.dataDir, demoDir, render: renderDocument })).toEqual({ posts: 0 });
      expect(await repo.countPosts()).toBe(13);
    });

    it('finds a Chinese-only post from the English URL, saying which language matched', async () => {
      const found = await repo.findPostBySlug('en', 'chunjie-suibi', { now });
      expect(found?.matchedLocale).toBe('zh');
      expect(found?.post.translations.en).toBeUndefined();
      expect(found?.post.translations.zh?.title).toBe('春节随笔：年是慢慢走近的');
      expect(await repo.findPostBySlug('zh', 'chunjie-suibi', { now })).toMatchObject({ matchedLocale: 'zh' });
    });

    it('marks the reading-time English translation as made from an older Chinese revision', async () => {
      const found = await repo.findPostBySlug('en', 'how-long-does-it-take-to-read', { now });
      const zh = found!.post.translations.zh!;
      const en = found!.post.translations.en!;
      expect(found!.matchedLocale).toBe('en');
      expect(zh.basedOnRevisionId).toBeNull();
      expect(en.basedOnRevisionId).not.toBeNull();
      expect(en.basedOnRevisionId).not.toBe(zh.revisionId);
      expect(zh.body).toBe(readBody('reading-time', 'zh.md'));
      // Every other translated post is up to date with its source.
      const all = await repo.listPosts({ locale: 'en', page: 1, pageSize: 50, now });
      const outdated = all.items.filter((post) => {
        const source = post.translations[post.sourceLocale]!;
        return Object.values(post.translations).some((tr) => tr.basedOnRevisionId !== null && tr.basedOnRevisionId !== source.revisionId);
      });
      expect(outdated.map((post) => post.id)).toEqual([found!.post.id]);
    });

    it('imports covers under content-hashed names with their size, variants and alt text', async () => {
      const { post } = (await repo.findPostBySlug('zh', 'yi-bei-cha-de-shijian', { now }))!;
      const cover = post.cover!;
      const source = readFileSync(join(demoDir, 'media/images/tea-and-time.webp'));
      const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
      expect(cover.path).toMatch(new RegExp(`^/images/tea-and-time\\.${hash}[0-9a-f]*\\.webp$`));
      // Made by the library's intake, as an upload is: phone-sized AVIF and WebP variants.
      expect(cover.variants?.map((v) => `${v.format} ${v.width}`).sort()).toEqual(['avif 480', 'avif 960', 'webp 480', 'webp 960']);
      expect(readFileSync(join(t.dataDir, 'media', cover.path)).equals(source)).toBe(true);
      expect(cover).toMatchObject({ kind: 'image', mime: 'image/webp', bytes: source.length, width: 1200, height: 675 });
      expect(cover.alt.zh).toContain('盖碗');
      expect(cover.alt.en).toContain('teapot');
    });

    it('attaches narration per language, and the video with poster and both subtitle tracks', async () => {
      const tea = (await repo.findPostBySlug('en', 'the-time-it-takes-to-drink-tea', { now }))!.post;
      expect(tea.narration.zh).toMatchObject({ kind: 'audio', mime: 'audio/mpeg', durationSeconds: 37.776 });
      expect(tea.narration.en?.durationSeconds).toBe(26.52);
      expect(tea.video).toBeNull();

      const walk = (await repo.findPostBySlug('en', 'a-walk-along-suzhou-creek', { now }))!.post;
      expect(walk.video).toMatchObject({ kind: 'video', mime: 'video/webm', durationSeconds: 10, width: 640, height: 360 });
      // Its H.264 copy, for the browsers that play no WebM.
      expect(walk.video!.variants).toEqual([{ format: 'mp4', path: expect.stringMatching(/^\/videos\/city-walk-shanghai\.[0-9a-f]{10}\.mp4$/), width: 640, height: 360 }]);
      expect(existsSync(join(t.dataDir, 'media', walk.video!.variants![0]!.path))).toBe(true);
      expect(walk.videoPoster?.path).toMatch(/^\/images\/city-walk-shanghai-poster\.[0-9a-f]{10,}\.webp$/);
      expect(walk.subtitles.zh).toMatchObject({ kind: 'subtitle', mime: 'text/vtt' });
      expect(walk.subtitles.en?.path).toMatch(/^\/videos\/city-walk-shanghai\.en\.[0-9a-f]{10}\.vtt$/);
      for (const media of [walk.video!, walk.videoPoster!, walk.subtitles.zh!, tea.narration.en!]) {
        expect(existsSync(join(t.dataDir, 'media', media.path))).toBe(true);
      }
    });

    it('loads authors in byline order and tags with names in both languages', async () => {
      const { post } = (await repo.findPostBySlug('zh', 'fanyi-jing-ye-si', { now }))!;
      expect(post.authors.map((a) => a.handle)).toEqual(['lin-yue', 'sam-porter']);
      expect(post.authors[0]!.name).toEqual({ zh: '林悦', en: 'Lin Yue' });
      expect(post.tags.map((tag) => tag.key)).toEqual(['translation', 'culture']);
      expect(post.tags[0]!.names.zh).toEqual({ name: '翻译', slug: 'fanyi' });
    });

    it('reads site settings, tags with counts, archive years, authors and tag slugs', async () => {
      const site = createSiteSettings(t.db);
      expect(await site.getLanguage('zh')).toMatchObject({ title: '双声' });
      expect(await site.getLanguage('en')).toMatchObject({ title: 'Duet Magazine' });

      const tags = await repo.listTags({ now });
      expect(Object.fromEntries(tags.map((tag) => [tag.key, tag.postCount]))).toEqual({
        typography: 3,
        translation: 2,
        engineering: 5,
        culture: 5,
        essays: 5,
      });

      expect(await repo.listArchiveYears(now)).toEqual([
        { year: 2026, count: 9 },
        { year: 2025, count: 3 },
      ]);
      expect((await repo.findAuthorByHandle('sam-porter'))?.name.en).toBe('Sam Porter');
      expect(await repo.findAuthorByHandle('nobody')).toBeNull();
      expect((await repo.findTagBySlug('en', 'paiban'))?.key).toBe('typography');
      expect(await repo.findTagBySlug('en', 'no-such-tag')).toBeNull();
    });

    it('lists sitemap entries with a path per published language', async () => {
      const entries = await repo.listSitemapEntries({ now });
      expect(entries).toHaveLength(13);
      const about = entries.find((e) => e.kind === 'page');
      expect(about?.paths).toEqual({ zh: '/zh/guanyu-women', en: '/en/about' });
      const chunjie = entries.find((e) => e.paths.zh === '/zh/posts/chunjie-suibi');
      expect(chunjie?.paths.en).toBeUndefined();
    });

    it('lists the tags and authors that have visible articles, in slices, for the sitemap', async () => {
      const counts = await repo.countSitemapListings(now);
      const tags = await repo.listSitemapTags({ now });
      const authors = await repo.listSitemapAuthors({ now });
      expect(tags).toHaveLength(counts.tags);
      expect(authors).toHaveLength(counts.authors);
      expect(tags.find((t) => t.names.en?.slug === 'typography')?.names.zh?.slug).toBe('paiban');
      expect(authors.map((a) => a.handle)).toEqual(expect.arrayContaining(['lin-yue', 'sam-porter']));
      for (const item of [...tags, ...authors]) expect(item.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(await repo.listSitemapTags({ now, offset: 1, limit: 2 })).toEqual(tags.slice(1, 3));
      expect(await repo.listSitemapAuthors({ now, offset: 1, limit: 1 })).toEqual(authors.slice(1, 2));
      // Before the first article was published, nothing has a page worth listing.
      expect(await repo.countSitemapListings(new Date('2000-01-01T00:00:00Z'))).toEqual({ tags: 0, authors: 0 });
    });
  });
}

function readBody(key: string, file: string): string {
  const text = readFileSync(join(demoDir, 'posts', key, file), 'utf8');
  return text.replace(/^---\n[\s\S]*?\n---\n/, '').replace(/^\n+/, '');
}
