import { describe, expect, it } from 'vitest';
import type { Locale } from '@/core/locales';
import type { ImportText } from './import-document';
import { pairTexts, type TextCandidate } from './pair-texts';
import { readPairMapping } from './read-pair-mapping';

let counter = 0;
function candidate(locale: Locale, fields: Partial<ImportText> & Partial<Omit<TextCandidate, 'text'>> = {}): TextCandidate {
  const { group, translationKey, urls, kind = 'post', featured = false, authors = [], tags = [], cover = null, ...text } = fields;
  counter++;
  return {
    text: {
      sourceId: `id-${counter}`, locale, localeEvidence: 'marker', slug: `slug-${counter}`, title: `Title ${counter}`, excerpt: '', body: '',
      seoTitle: null, seoDescription: null, status: 'published', passwordProtected: false, publishedAt: null, createdAt: null, updatedAt: null,
      canonicalUrl: null, media: [], ...text,
    },
    kind, featured, authors, tags, cover, group, translationKey, urls,
  };
}

describe('pairTexts', () => {
  it('pairs by the source group first and merges authors, tags and cover', () => {
    const zh = candidate('zh', { group: 'g1', authors: ['a'], tags: ['t1'], createdAt: '2020-01-02T00:00:00.000Z' });
    const en = candidate('en', { group: 'g1', authors: ['a', 'b'], tags: ['t2'], cover: { source: '/c.jpg', archivePath: null }, createdAt: '2020-01-01T00:00:00.000Z' });
    const { posts, warnings } = pairTexts([zh, en]);
    expect(warnings).toEqual([]);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ sourceId: 'group:g1', pairedBy: 'source', authors: ['a', 'b'], tags: ['t2', 't1'], cover: { source: '/c.jpg' } });
    expect(posts[0]!.texts.zh).toBe(zh.text);
    expect(posts[0]!.texts.en).toBe(en.text);
  });

  it('pairs by translation tag, then by the same slug, then by a language affix on the slug', () => {
    const tagged = [candidate('zh', { translationKey: 'hello' }), candidate('en', { translationKey: 'Hello' })];
    const sameSlug = [candidate('zh', { slug: 'about', kind: 'page' }), candidate('en', { slug: 'about', kind: 'page' })];
    const affix = [candidate('zh', { slug: 'launch-zh' }), candidate('en', { slug: 'launch' })];
    const { posts } = pairTexts([...tagged, ...sameSlug, ...affix]);
    expect(posts.map((post) => post.pairedBy)).toEqual(['translation-tag', 'slug', 'slug']);
  });

  it('pairs a text whose canonical URL names the other text', () => {
    const en = candidate('en', { slug: 'why-duet', urls: ['https://site.example/why-duet/'] });
    const zh = candidate('zh', { slug: 'wei-shen-me', canonicalUrl: 'https://site.example/why-duet/' });
    expect(pairTexts([en, zh]).posts).toMatchObject([{ pairedBy: 'canonical' }]);
  });

  it('follows the mapping file, and refuses to pair two texts in one language', () => {
    const a = candidate('zh');
    const b = candidate('en');
    const c = candidate('zh');
    const d = candidate('zh');
    const mapping = [[a.text.sourceId, b.text.sourceId], [c.text.sourceId, d.text.sourceId], ['nope', a.text.sourceId]] as const;
    const { posts, warnings } = pairTexts([a, b, c, d], { mapping });
    expect(posts.filter((post) => post.pairedBy === 'mapping')).toHaveLength(1);
    expect(warnings.filter((w) => w.code === 'duplicate').map((w) => w.sourceId)).toEqual([c.text.sourceId]);
    expect(warnings.some((w) => w.code === 'unpaired' && w.sourceId === 'nope')).toBe(true);
  });

  it('reports a conflict as duplicates and pairs none of it', () => {
    const texts = [candidate('zh', { group: 'g' }), candidate('en', { group: 'g' }), candidate('en', { group: 'g' })];
    const { posts, warnings } = pairTexts(texts);
    expect(posts).toHaveLength(3);
    expect(posts.every((post) => post.pairedBy === null)).toBe(true);
    expect(warnings.filter((w) => w.code === 'duplicate')).toHaveLength(3);
    expect(warnings.filter((w) => w.code === 'unpaired')).toHaveLength(3);
  });

  it('never pairs a page with a post, nor two texts in one language by slug', () => {
    const { posts } = pairTexts([candidate('zh', { slug: 'x' }), candidate('en', { slug: 'x', kind: 'page' }), candidate('en', { slug: 'y' }), candidate('en', { slug: 'y' })]);
    expect(posts).toHaveLength(4);
  });
});

describe('readPairMapping', () => {
  it('reads the JSON form', () => {
    expect(readPairMapping('{"pairs": [["1", "2"], ["a", "b"]]}')).toEqual([['1', '2'], ['a', 'b']]);
  });

  it('reads the CSV form with its optional header, comments and quotes', () => {
    expect(readPairMapping('source_id_a,source_id_b\n# comment\n"1","2"\n\na;b\n')).toEqual([['1', '2'], ['a', 'b']]);
  });

  it('names the problem in a broken file', () => {
    expect(() => readPairMapping('{"pairs": [["1"]]}')).toThrow(/pairs/);
    expect(() => readPairMapping('{"pairs": []')).toThrow(/not valid JSON/);
    expect(() => readPairMapping('1,2\n3')).toThrow(/Line 2/);
  });
});
