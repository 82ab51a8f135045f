import { describe, expect, it } from 'vitest';
import type { Post, Translation } from '@/core/content/types';
import { hashtagName, toArticleData } from './article';

const text = (locale: 'zh' | 'en', slug: string, title: string): Translation => ({
  id: locale === 'zh' ? 1 : 2,
  postId: 7,
  locale,
  slug,
  title,
  excerpt: `${title} excerpt`,
  body: '',
  seoTitle: null,
  seoDescription: null,
  state: 'published',
  readingMinutes: 1,
  revisionId: 1,
  basedOnRevisionId: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
});

const post = (translations: Post['translations']): Post =>
  ({
    id: 7,
    kind: 'post',
    status: 'published',
    featured: false,
    publishedAt: '2026-11-01T08:00:00.000Z',
    sourceLocale: 'zh',
    version: 1,
    createdAt: '2026-10-30T08:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    authors: [],
    tags: [{ id: 1, key: 'tea', names: { zh: { name: '茶 文化', slug: 'cha' }, en: { name: 'Tea', slug: 'tea' } } }],
    cover: { id: 3, kind: 'image', path: '/images/cover.jpg', mime: 'image/jpeg', bytes: 1, width: 1200, height: 800, alt: { zh: '茶杯', en: 'A cup' } },
    narration: {},
    video: null,
    subtitles: {},
    translations,
  }) as unknown as Post;

describe('an article for the fediverse', () => {
  it('maps a Chinese text with its page, the English page as a second link, cover, tags and actor', () => {
    const data = toArticleData(post({ zh: text('zh', '喝茶', '喝茶'), en: text('en', 'tea', 'Tea') }), 'zh', '<p><a href="/zh/posts/x">链接</a></p>', 'https://duet.example')!;
    expect(data.id).toBe('https://duet.example/ap/articles/7/zh');
    expect(data.name).toBe('喝茶');
    expect(data.summary).toBe('喝茶 excerpt');
    expect(data.content).toContain('href="https://duet.example/zh/posts/x"');
    expect(data.url).toEqual({ href: 'https://duet.example/zh/posts/%E5%96%9D%E8%8C%B6', hreflang: 'zh', mediaType: 'text/html' });
    expect(data.translation).toEqual({ url: { href: 'https://duet.example/en/posts/tea', hreflang: 'en', mediaType: 'text/html' }, id: 'https://duet.example/ap/articles/7/en' });
    expect(data.image).toMatchObject({ url: 'https://duet.example/images/cover.jpg', name: '茶杯' });
    expect(data.tags).toEqual([{ name: '#茶文化', href: 'https://duet.example/zh/tags/cha' }]);
    expect(data.attributedTo).toBe('https://duet.example/ap/actors/zh');
    expect(data.followers).toBe('https://duet.example/ap/actors/zh/followers');
    expect(data.published).toBe('2026-11-01T08:00:00.000Z');
    expect(data.updated).toBe('2026-11-20T10:00:00.000Z');
  });

  it('has no article in a language that is not live, and no second link without the other language', () => {
    const onlyZh = post({ zh: text('zh', 'cha', '茶') });
    expect(toArticleData(onlyZh, 'en', '', 'https://duet.example')).toBeNull();
    expect(toArticleData(onlyZh, 'zh', '', 'https://duet.example')?.translation).toBeNull();
  });

  it('makes hashtags without spaces or punctuation', () => {
    expect(hashtagName('Open Source!')).toBe('#OpenSource');
    expect(hashtagName('人工 智能')).toBe('#人工智能');
  });
});
