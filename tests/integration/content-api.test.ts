// The Content API on both databases, every answer checked against the OpenAPI document:
// it gives what the pages show (titles, slugs, the stored HTML with absolute links) and
// nothing they do not (drafts, scheduled posts, unpublished texts, unpublished changes);
// `lang` and Accept-Language pick the language and a missing text says so; filters,
// pages, tags, authors and settings; bad input named, a key required, CORS by key.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Post } from '@/core/content/types';
import { absolutizeHtml } from '@/core/feeds/absolutize-html';
import type { Locale } from '@/core/locales';
import * as authorRoute from '@/app/api/v1/content/authors/[handle]/route';
import * as authorsRoute from '@/app/api/v1/content/authors/route';
import * as pageRoute from '@/app/api/v1/content/pages/[id]/route';
import * as pagesRoute from '@/app/api/v1/content/pages/route';
import * as postRoute from '@/app/api/v1/content/posts/[id]/route';
import * as postsRoute from '@/app/api/v1/content/posts/route';
import * as postBySlugRoute from '@/app/api/v1/content/posts/slug/[locale]/[slug]/route';
import * as settingsRoute from '@/app/api/v1/content/settings/route';
import * as tagRoute from '@/app/api/v1/content/tags/[slug]/route';
import * as tagsRoute from '@/app/api/v1/content/tags/route';
import { getPostBySlug, listPosts, listTags } from '@/server/content';
import { postPath } from '@/core/content/post-path';
import { getRenderedBody } from '@/server/render/rendered-body';
import { revalidateContent } from '@/server/revalidate';
import { getSiteIdentity } from '@/server/site/site-identity';
import { absoluteUrl } from '@/core/config/site-url';
import { openContentApi, type ContentApiFixture } from './helpers/content-api-fixture';
import { makeAuthor, makeImage, makePost, makeTag, unique } from './helpers/factories';
import { testTargets } from './helpers/test-databases';

vi.mock('next/cache', async () => (await import('./helpers/next-doubles')).nextCacheDouble);
vi.mock('next-intl/server', async () => (await import('./helpers/next-doubles')).nextIntlDouble);

const day = 24 * 3600 * 1000;
const text = (slug: string, title: string, body: string, state: 'published' | 'draft' = 'published') => ({ slug, title, excerpt: '', body, state });

for (const target of testTargets) {
  describe.skipIf(target.skip)(`Content API (${target.name})`, () => {
    let api: ContentApiFixture;
    const posts: Record<'both' | 'zhOnly' | 'enDraft' | 'draft' | 'scheduled' | 'changed' | 'page', Post> = {} as never;
    let tag: Awaited<ReturnType<typeof makeTag>>;
    let author: Awaited<ReturnType<typeof makeAuthor>>;

    beforeAll(async () => {
      api = await openContentApi(target);
      const { content } = api;
      [tag, author] = await Promise.all([makeTag(content), makeAuthor(content)]);
      const cover = await makeImage(content);
      const ago = (days: number) => new Date(Date.now() - days * day);
      posts.both = await makePost(content, {
        featured: true, tagIds: [tag.id], authorIds: [author.id], coverMediaId: cover.id, publishedAt: ago(1),
        translations: {
          zh: text(unique('zh-both'), '两种语言', '见[标签](/zh/tags)和脚注[^1]。\n\n![图](/images/pic.webp)\n\n[^1]: 注。'),
          en: text(unique('both'), 'Both languages', 'See [the tags](/en/tags) and a note[^1].\n\n![A picture](/images/pic.webp)\n\n[^1]: A note.'),
        },
      });
      posts.zhOnly = await makePost(content, { publishedAt: ago(2), authorIds: [author.id], translations: { zh: text(unique('zh-only'), '只有中文', '只有中文的正文。') } });
      posts.enDraft = await makePost(content, { publishedAt: ago(3), translations: { zh: text(unique('zh-d'), '英文在写', '正文。'), en: text(unique('en-d'), 'English in the works', 'Not yet.', 'draft') } });
      posts.draft = await makePost(content, { status: 'draft', publishedAt: null, translations: { zh: text(unique('zh-x'), '草稿', '草稿正文。'), en: text(unique('x'), 'A draft', 'Draft body.') } });
      posts.scheduled = await makePost(content, { publishedAt: new Date(Date.now() + day), translations: { en: text(unique('later'), 'Tomorrow', 'Not yet.') }, sourceLocale: 'en' });
      posts.changed = await makePost(content, { publishedAt: ago(4), translations: { zh: text(unique('zh-c'), '已发布', '已发布的正文。'), en: text(unique('c'), 'Live title', 'Live body.') } });
      posts.page = await makePost(content, { kind: 'page', publishedAt: ago(5), translations: { zh: text(unique('guanyu'), '关于', '关于我们。'), en: text(unique('about'), 'About', 'About us.') } });
      const draft = (await api.studio.getStudioPost(posts.changed.id))!.translations.en!;
      await api.studio.saveDraft(posts.changed.id, 'en', { fields: { slug: draft.slug, title: 'Unpublished rewrite', body: 'Words nobody may read yet.' }, expectedRevisionId: draft.revisionId, userId: api.ownerId });
    }, 120_000);
    afterAll(() => api?.close());

    const visible = () => [posts.both, posts.zhOnly, posts.enDraft, posts.changed];

    it('gives what the pages show: titles, slugs and the stored HTML, links made absolute', async () => {
      for (const post of visible()) {
        const { body } = await api.get(postRoute.GET, `/api/v1/content/posts/${post.id}`, { id: String(post.id) });
        for (const locale of ['zh', 'en'] as Locale[]) {
          const page = post.translations[locale] && (await getPostBySlug(locale, post.translations[locale].slug));
          const shown = page && page.matchedLocale === locale ? page.post.translations[locale] : undefined;
          const given = body.data.translations[locale];
          if (!shown) {
            expect(given).toBeNull();
            continue;
          }
          const url = absoluteUrl(postPath(page!.post.kind, locale, shown.slug));
          expect(given).toMatchObject({ id: shown.id, slug: shown.slug, title: shown.title, excerpt: shown.excerpt, markdown: shown.body, url, readingTimeMinutes: shown.readingMinutes });
          expect(given.html).toBe(absolutizeHtml((await getRenderedBody(shown)).html, url));
          const bySlug = await api.get(postBySlugRoute.GET, `/api/v1/content/posts/slug/${locale}/${encodeURIComponent(shown.slug)}`, { locale, slug: shown.slug });
          expect(bySlug.body).toEqual(body);
        }
      }
      const en = (await api.get(postRoute.GET, `/api/v1/content/posts/${posts.both.id}`, { id: String(posts.both.id) })).body.data.translations.en;
      expect(en.html).toContain(`<a href="${absoluteUrl('/en/tags')}">the tags</a>`);
      expect(en.html).toContain(`src="${absoluteUrl('/images/pic.webp')}"`);
      expect(en.html).toContain(`href="${en.url}#`);
      expect(en.other).toEqual({ locale: 'zh', id: posts.both.translations.zh!.id, slug: posts.both.translations.zh!.slug, url: absoluteUrl(postPath(posts.both.kind, 'zh', posts.both.translations.zh!.slug)) });
      expect(en.cover).toMatchObject({ width: 1200, height: 675, alt: 'A picture', url: absoluteUrl(posts.both.cover!.path) });
    });

    it('lists what the home page and the feed list, in the same order', async () => {
      const home = await listPosts({ locale: 'zh', page: 1, pageSize: 100, kind: 'post' });
      expect((await api.get(postsRoute.GET, '/api/v1/content/posts?limit=100')).body.data.map((p: Post) => p.id)).toEqual(home.items.map((p) => p.id));
      const feed = await listPosts({ locale: 'en', page: 1, pageSize: 100, kind: 'post', includeOtherLanguage: false });
      const english = await api.get(postsRoute.GET, '/api/v1/content/posts?lang=en');
      expect(english.body.data.map((p: Post) => p.id)).toEqual(feed.items.map((p) => p.id));
      expect(english.body.data.map((p: Post) => p.id)).toEqual([posts.both.id, posts.changed.id]);
    });

    it('never gives a draft, a scheduled post, an unpublished text or an unpublished change', async () => {
      for (const hidden of [posts.draft, posts.scheduled]) {
        expect((await api.get(postRoute.GET, `/api/v1/content/posts/${hidden.id}`, { id: String(hidden.id) })).status).toBe(404);
        for (const [locale, translation] of Object.entries(hidden.translations)) {
          const path = `/api/v1/content/posts/slug/${locale}/${translation.slug}`;
          expect((await api.get(postBySlugRoute.GET, path, { locale, slug: translation.slug })).status).toBe(404);
        }
      }
      const enDraft = (await api.get(postRoute.GET, `/api/v1/content/posts/${posts.enDraft.id}`, { id: String(posts.enDraft.id) })).body.data;
      expect(enDraft).toMatchObject({ availableLocales: ['zh'], translations: { en: null } });
      const slug = posts.enDraft.translations.en!.slug;
      expect((await api.get(postBySlugRoute.GET, `/api/v1/content/posts/slug/en/${slug}`, { locale: 'en', slug })).status).toBe(404);
      const everything = JSON.stringify([(await api.get(postsRoute.GET, '/api/v1/content/posts?limit=100')).body, (await api.get(pagesRoute.GET, '/api/v1/content/pages')).body]);
      for (const secret of ['Unpublished rewrite', 'Words nobody', 'A draft', '草稿正文', 'Tomorrow', 'English in the works']) expect(everything).not.toContain(secret);
      expect(everything).toContain('Live title');

      await api.publishing.unpublish(posts.changed.id, 'zh');
      await revalidateContent();
      const after = (await api.get(postRoute.GET, `/api/v1/content/posts/${posts.changed.id}`, { id: String(posts.changed.id) })).body.data;
      expect(after).toMatchObject({ availableLocales: ['en'], translations: { zh: null, en: { title: 'Live title' } } });
    });

    it('answers in the language asked for: lang, else Accept-Language; a missing text is null', async () => {
      const path = `/api/v1/content/posts/${posts.zhOnly.id}`;
      const params = { id: String(posts.zhOnly.id) };
      const both = await api.get(postRoute.GET, path, params);
      expect(both.response.headers.get('content-language')).toBeNull();
      expect(both.response.headers.get('vary')).toBe('Accept-Language, Origin');
      expect(Object.keys(both.body.data.translations)).toEqual(['zh', 'en']);
      const english = await api.get(postRoute.GET, `${path}?lang=en`, params);
      expect(english.response.headers.get('content-language')).toBe('en');
      expect(english.body).toMatchObject({ locale: 'en', data: { availableLocales: ['zh'], translations: { en: null } } });
      expect(Object.keys(english.body.data.translations)).toEqual(['en']);
      expect(Object.keys(english.body.data.authors[0].translations)).toEqual(['en']);
      const browser = await api.get(postRoute.GET, path, params, { 'accept-language': 'en-GB,en;q=0.9,zh;q=0.5' });
      expect(browser.body).toEqual(english.body);
      const chosen = await api.get(postRoute.GET, `${path}?lang=zh`, params, { 'accept-language': 'en' });
      expect(chosen.body.data.translations).toEqual({ zh: both.body.data.translations.zh });
      // Accept-Language picks the language of a list; only `lang` also filters it.
      const listed = await api.get(postsRoute.GET, '/api/v1/content/posts', {}, { 'accept-language': 'en' });
      expect(listed.body.data.find((p: Post) => p.id === posts.zhOnly.id).translations).toEqual({ en: null });
    });

    it('filters by tag (either slug), author, featured and publication date', async () => {
      const ids = async (query: string) => (await api.get(postsRoute.GET, `/api/v1/content/posts?${query}`)).body.data.map((p: Post) => p.id);
      expect(await ids(`tag=${tag.names.en!.slug}`)).toEqual([posts.both.id]);
      expect(await ids(`tag=${tag.names.zh!.slug}`)).toEqual([posts.both.id]);
      expect(await ids(`author=${author.handle}`)).toEqual([posts.both.id, posts.zhOnly.id]);
      expect(await ids('featured=true')).toEqual([posts.both.id]);
      expect(await ids('featured=false')).not.toContain(posts.both.id);
      const at = (post: Post) => post.publishedAt!;
      expect(await ids(`published_after=${at(posts.zhOnly)}&published_before=${at(posts.both)}`)).toEqual([posts.zhOnly.id]);
      expect((await api.get(postsRoute.GET, '/api/v1/content/posts?tag=no-such-tag')).body.error.fields).toEqual({ tag: ['No tag has this slug in either language.'] });
    });

    it('serves pages apart from posts, tags with their counts, authors without account data, and the settings', async () => {
      expect((await api.get(pagesRoute.GET, '/api/v1/content/pages')).body.data.map((p: Post) => p.id)).toEqual([posts.page.id]);
      expect((await api.get(pageRoute.GET, `/api/v1/content/pages/${posts.page.id}`, { id: String(posts.page.id) })).body.data.translations.en.url).toBe(absoluteUrl(`/en/${posts.page.translations.en!.slug}`));
      expect((await api.get(pageRoute.GET, `/api/v1/content/pages/${posts.both.id}`, { id: String(posts.both.id) })).status).toBe(404);
      expect((await api.get(postRoute.GET, `/api/v1/content/posts/${posts.page.id}`, { id: String(posts.page.id) })).status).toBe(404);

      const tags = (await api.get(tagsRoute.GET, '/api/v1/content/tags')).body.data;
      expect(tags.find((x: { id: number }) => x.id === tag.id).postCount).toBe((await listTags()).find((x) => x.id === tag.id)!.postCount);
      const one = await api.get(tagRoute.GET, `/api/v1/content/tags/${tag.names.zh!.slug}?lang=zh`, { slug: tag.names.zh!.slug });
      expect(one.body.data).toEqual({ id: tag.id, postCount: 1, translations: { zh: { name: tag.names.zh!.name, slug: tag.names.zh!.slug, url: absoluteUrl(`/zh/tags/${tag.names.zh!.slug}`) } } });
      expect((await api.get(tagRoute.GET, '/api/v1/content/tags/nothing', { slug: 'nothing' })).status).toBe(404);

      // The owner's byline has no post yet: found by handle, not listed. No account data either way.
      const authors = await api.get(authorsRoute.GET, '/api/v1/content/authors');
      expect(authors.body.data.map((a: { handle: string }) => a.handle)).toEqual([author.handle]);
      const owner = await api.get(authorRoute.GET, '/api/v1/content/authors/owner', { handle: 'owner' });
      expect(owner.body.data).toMatchObject({ handle: 'owner', postCount: 0 });
      expect(JSON.stringify([authors.body, owner.body])).not.toMatch(/@example\.com|email|role/i);
      const profile = await api.get(authorRoute.GET, `/api/v1/content/authors/${author.handle}`, { handle: author.handle });
      expect(profile.body.data).toMatchObject({ handle: author.handle, postCount: 2, avatar: null, translations: { en: { name: author.name.en, bio: 'Writes.' }, zh: { bio: null } } });
      expect((await api.get(authorRoute.GET, '/api/v1/content/authors/nobody', { handle: 'nobody' })).status).toBe(404);

      const settings = (await api.get(settingsRoute.GET, '/api/v1/content/settings')).body.data;
      for (const locale of ['zh', 'en'] as const) {
        const site = await getSiteIdentity(locale);
        expect(settings.translations[locale]).toMatchObject({ title: site.name, description: site.description, url: absoluteUrl(`/${locale}`), feeds: { rss: absoluteUrl(`/${locale}/feed.xml`) } });
      }
      expect(JSON.stringify(settings)).not.toContain('podcastEmail');
    });

    it('refuses bad input with a 400 naming each parameter, and says 404 for what is not there', async () => {
      const fields = async (path: string, params: Record<string, string> = {}, route = postsRoute.GET) => (await api.get(route, path, params)).body.error.fields;
      expect(await fields('/api/v1/content/posts?sort=title&limit=0&cursor=zzz')).toEqual({
        sort: ['Not a parameter of this operation.'],
        limit: ['Must be a whole number from 1 to 100.'],
        cursor: ['Not a cursor this API gave out: pass the nextCursor of the previous page, unchanged.'],
      });
      expect(await fields('/api/v1/content/posts/abc', { id: 'abc' }, postRoute.GET)).toEqual({ id: ['Must be a whole number from 1.'] });
      expect(await fields('/api/v1/content/posts/1?lang=fr', { id: '1' }, postRoute.GET)).toEqual({ lang: ['Must be one of: zh, en.'] });
      expect(await fields('/api/v1/content/posts/slug/fr/x', { locale: 'fr', slug: 'x' }, postBySlugRoute.GET)).toEqual({ locale: ['Must be one of: zh, en.'] });
      const missing = await api.get(postRoute.GET, '/api/v1/content/posts/999999', { id: '999999' });
      expect(missing.body.error).toEqual({ status: 404, title: 'This page could not be found', message: 'No published post has this id.' });
    });

    it('needs a content key, in the header or as ?key=, and answers browsers as the key allows', async () => {
      const path = '/api/v1/content/tags';
      const missing = await api.get(tagsRoute.GET, path, {}, { authorization: '' });
      expect(missing.status).toBe(401);
      expect(missing.body.error).toMatchObject({ status: 401, title: 'Unauthorized', reason: 'api-key-missing' });
      // The title is in the language asked for, as the rest of an answer is; the message stays English.
      const inChinese = await api.get(tagsRoute.GET, `${path}?lang=zh`, {}, { authorization: '' });
      expect(inChinese.body.error).toMatchObject({ status: 401, title: '未经授权', message: missing.body.error.message });
      expect((await api.get(tagsRoute.GET, path, {}, { authorization: '', 'accept-language': 'zh-CN,zh;q=0.9' })).body.error.title).toBe('未经授权');
      expect((await api.get(tagsRoute.GET, path, {}, { authorization: 'Bearer duet_not_a_key' })).status).toBe(401);
      expect((await api.get(tagsRoute.GET, `${path}?key=${api.key}`, {}, { authorization: '' })).status).toBe(200);
      const allowed = await api.get(tagsRoute.GET, path, {}, { origin: 'https://reader.example' });
      expect(allowed.response.headers.get('access-control-allow-origin')).toBe('https://reader.example');
      expect(allowed.response.headers.get('access-control-expose-headers')).toContain('ETag');
      const other = await api.get(tagsRoute.GET, path, {}, { origin: 'https://elsewhere.example' });
      expect(other.response.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await tagsRoute.OPTIONS(new Request(`http://localhost${path}`, { method: 'OPTIONS', headers: { origin: 'https://reader.example' } }), { params: Promise.resolve({}) });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
      const head = await api.get(tagsRoute.HEAD, path, {}, {}, 'HEAD');
      expect([head.status, head.response.headers.get('etag'), head.body]).toEqual([200, allowed.response.headers.get('etag'), undefined]);
      // Only GET is documented; anything else is refused before the key is asked for.
      const post = await tagsRoute.POST(new Request(`http://localhost${path}`, { method: 'POST' }), { params: Promise.resolve({}) });
      expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
    });
  });
}
