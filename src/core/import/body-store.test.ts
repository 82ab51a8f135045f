import { describe, expect, it } from 'vitest';
import { bodiesInMemory, withStoredBody } from './body-store';
import type { ImportText } from './import-document';

const fields: Omit<ImportText, 'body'> = {
  sourceId: 'p1', locale: 'zh', localeEvidence: 'marker', slug: 'cha', title: '茶', excerpt: '', seoTitle: null, seoDescription: null,
  status: 'published', passwordProtected: false, publishedAt: null, createdAt: null, updatedAt: null, canonicalUrl: null, media: [],
};

describe('withStoredBody', () => {
  it('reads the body from the store each time, and copies and serializes like a plain text', () => {
    let reads = 0;
    const text = withStoredBody({ ...fields }, () => {
      reads += 1;
      return '茶叶慢慢展开。';
    });
    expect(reads).toBe(0);
    expect(text.body).toBe('茶叶慢慢展开。');
    expect(text.body).toBe('茶叶慢慢展开。');
    expect(reads).toBe(2);
    expect(text).toEqual({ ...fields, body: '茶叶慢慢展开。' });
    expect({ ...text, title: '新茶' }).toMatchObject({ title: '新茶', body: '茶叶慢慢展开。' });
    expect(JSON.parse(JSON.stringify(text))).toEqual({ ...fields, body: '茶叶慢慢展开。' });
  });

  it('keeps each text with its own body', () => {
    const texts = ['一', 'two', ''].map((body, i) => withStoredBody({ ...fields, sourceId: `p${i}` }, bodiesInMemory.keep(body)));
    expect(texts.map((text) => text.body)).toEqual(['一', 'two', '']);
  });
});
