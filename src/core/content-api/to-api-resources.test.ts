import { describe, expect, it } from 'vitest';
import type { Media, Post, Translation } from '@/core/content/types';
import { postSchema } from './resource-schemas';
import { toApiAuthorProfile, toApiPost, toApiTagSummary, type ApiContext, type LiveText } from './to-api-resources';

const absolute = (path: string) => new URL(path, 'https://duet.example').toString();
const every: ApiContext = { locale: null, absolute };

const cover: Media = {
  id: 3,
  kind: 'image',
  path: '/images/tea.abc.webp',
  mime: 'image/webp',
  bytes: 100,
  width: 1200,
  height: 800,
  durationSeconds: null,
  alt: { en: 'A cup of tea' },
  caption: {},
  variants: [{ width: 600, height: 400, format: 'avif', path: '/images/tea.abc.w600.avif' }],
};

const text = (locale: 'zh' | 'en', id: number, slug: string, title: string): Translation => ({
  id,
  postId: 1,
  locale,
  slug,
  title,
  excerpt: `${title} excerpt`,
  body: `# ${title}\n\n![](/images/a.webp)`,
  seoTitle: null,
  seoDescription: null,
  state: 'published',
  readingMinutes: 2,
  revisionId: id * 10,
  basedOnRevisionId: null,
  updatedAt: '2026-03-02T00:00:00.000Z',
});

const post: Post = {
  id: 1,
  kind: 'post',
  status: 'published',
  featured: true,
  publishedAt: '2026-03-01T00:00:00.000Z',
  sourceLocale: 'zh',
  version: 9,
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-03-05T00:00:00.000Z',
  authors: [{ id: 5, handle: 'ada', name: { en: 'Ada' }, bio: {} }],
  tags: [{ id: 6, key: 'tea', names: { zh: { name: '茶', slug: 'cha' } } }],
  cover,
  narration: { zh: { ...cover, id: 4, kind: 'audio', path: '/audios/zh.mp3', mime: 'audio/mpeg', width: null, height: null, durationSeconds: 61.5, variants: undefined } },
  video: null,
  videoPoster: null,
  subtitles: {},
  translations: { zh: text('zh', 11, '茶与时间', '茶与时间') },
};

const live = new Map<number, LiveText>([[11, { html: '<p><img src="/images/a.webp" alt=""><a href="#fn-1">1</a></p>', publishedAt: '2026-03-01T00:00:00.000Z' }]]);

describe('Content API resources', () => {
  it('gives every language a key, null where nothing is published, never the other language', () => {
    const api = toApiPost(post, live, every);
    expect(postSchema.parse(api)).toEqual(api);
    expect(api.availableLocales).toEqual(['zh']);
    expect(api.translations.en).toBeNull();
    const zh = api.translations.zh!;
    expect(zh.url).toBe('https://duet.example/zh/posts/%E8%8C%B6%E4%B8%8E%E6%97%B6%E9%97%B4');
    expect(zh.html).toBe(`<p><img src="https://duet.example/images/a.webp" alt=""><a href="${zh.url}#fn-1">1</a></p>`);
    expect(zh.markdown).toBe(post.translations.zh!.body);
    expect(zh.cover).toEqual({ url: 'https://duet.example/images/tea.abc.webp', mime: 'image/webp', width: 1200, height: 800, alt: null, variants: [{ url: 'https://duet.example/images/tea.abc.w600.avif', width: 600, height: 400, format: 'avif' }] });
    expect(zh.narration).toEqual({ url: 'https://duet.example/audios/zh.mp3', mime: 'audio/mpeg', bytes: 100, durationSeconds: 61.5 });
    expect(zh.other).toBeNull();
    expect(api.tags).toEqual([{ id: 6, translations: { zh: { name: '茶', slug: 'cha', url: 'https://duet.example/zh/tags/cha' }, en: null } }]);
    expect(api.authors[0]!.translations.zh).toEqual({ name: null, bio: null, url: 'https://duet.example/zh/authors/ada' });
  });

  it('keeps only the chosen language, saying when it is missing', () => {
    const en = toApiPost(post, live, { locale: 'en', absolute });
    expect(Object.keys(en.translations)).toEqual(['en']);
    expect(en.translations.en).toBeNull();
    expect(en.availableLocales).toEqual(['zh']);
    expect(Object.keys(en.tags[0]!.translations)).toEqual(['en']);
  });

  it('links the two languages, and puts a page at the top of the site', () => {
    const both: Post = { ...post, kind: 'page', translations: { zh: post.translations.zh, en: text('en', 12, 'about', 'About') } };
    const texts = new Map(live).set(12, { html: '<p>x</p>', publishedAt: '2026-03-03T00:00:00.000Z' });
    const api = toApiPost(both, texts, every);
    expect(api.translations.en).toMatchObject({ url: 'https://duet.example/en/about', publishedAt: '2026-03-03T00:00:00.000Z', cover: { alt: 'A cup of tea' } });
    expect(api.translations.en!.other).toEqual({ locale: 'zh', id: 11, slug: '茶与时间', url: 'https://duet.example/zh/%E8%8C%B6%E4%B8%8E%E6%97%B6%E9%97%B4' });
    expect(api.translations.zh!.other).toMatchObject({ locale: 'en', id: 12, slug: 'about' });
    // A text that went offline between the reads is not published.
    expect(toApiPost(both, live, every)).toMatchObject({ availableLocales: ['zh'], translations: { en: null } });
  });

  it('counts tags and authors, with no account data', () => {
    expect(toApiTagSummary({ ...post.tags[0]!, postCount: 3 }, { locale: 'zh', absolute })).toEqual({ id: 6, translations: { zh: { name: '茶', slug: 'cha', url: 'https://duet.example/zh/tags/cha' } }, postCount: 3 });
    const profile = toApiAuthorProfile(post.authors[0]!, { path: '/images/me.webp', variants: [] }, 2, every);
    expect(profile).toEqual({
      id: 5,
      handle: 'ada',
      avatar: { url: 'https://duet.example/images/me.webp', variants: [] },
      postCount: 2,
      translations: { zh: { name: null, bio: null, url: 'https://duet.example/zh/authors/ada' }, en: { name: 'Ada', bio: null, url: 'https://duet.example/en/authors/ada' } },
    });
  });
});
