import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { slugify } from '@/core/content/slugify';
import { ImportFormatError } from '../import-document';
import { parseWxr } from './parse-wxr';

const fixture = (name: string) => readFileSync(join(process.cwd(), 'tests', 'fixtures', 'import', 'wxr', name), 'utf8');
const archiveFiles = new Set(['wp-content/uploads/2024/03/cover.jpg']);

const doc = await parseWxr(fixture('polylang-zh-en.xml'), { archiveFiles });
const pair = doc.posts.find((post) => post.pairedBy === 'source')!;

describe('parseWxr with Polylang', () => {
  it('pairs the zh and en texts of a Polylang group and refuses the French one', () => {
    expect(pair.sourceId).toBe('group:pll:pll_hello');
    expect(pair.texts.zh?.sourceId).toBe('101');
    expect(pair.texts.en?.sourceId).toBe('102');
    expect(doc.warnings.find((w) => w.code === 'unsupported-locale')).toMatchObject({ sourceId: '103' });
    expect(doc.posts).toHaveLength(3);
  });

  it('restores classic paragraphs and expands captions, audio and code shortcodes', () => {
    expect(pair.texts.zh!.body).toBe(
      '这是第一段，\\\n同一段的第二行。\n\n![封面](https://blog.example.com/wp-content/uploads/2024/03/cover.jpg "封面图说明")\n\n第二段有**粗体**和<https://blog.example.com/wp-content/uploads/2024/03/talk.mp3>。\n\n`[contact-form-7 id="12" title="联系"]`\n\n```php\n<?php echo 1;\n\necho 2;\n```',
    );
    expect(pair.texts.zh!.excerpt).toBe('这是第一段，同一段的第二行。');
    expect(doc.warnings.find((w) => w.code === 'shortcode-kept')).toMatchObject({ sourceId: '101' });
  });

  it('strips Gutenberg block comments, dynamic blocks included', () => {
    expect(pair.texts.en!.body).toBe('The first post, in *English*.\n\n![Cover](https://blog.example.com/wp-content/uploads/2024/03/cover-1024x768.jpg "The cover")\n\n```\nnpm install\n```');
    expect(pair.texts.en!.excerpt).toBe('A short excerpt.');
  });

  it('converts dates to UTC, using the site offset when the GMT date is zero', () => {
    expect(pair.texts.zh).toMatchObject({ publishedAt: '2024-03-01T12:00:00.000Z', updatedAt: '2024-03-02T12:00:00.000Z' });
    expect(doc.posts.find((post) => post.sourceId === '105')!.texts.zh).toMatchObject({ status: 'draft', publishedAt: null, createdAt: '2024-03-06T02:00:00.000Z', slug: slugify('草稿', 'zh') });
  });

  it('resolves the featured image through its attachment, and finds resized copies in the archive', () => {
    expect(pair.cover).toEqual({ source: 'https://blog.example.com/wp-content/uploads/2024/03/cover.jpg', archivePath: 'wp-content/uploads/2024/03/cover.jpg' });
    expect(pair.texts.en!.media[0]?.archivePath).toBe('wp-content/uploads/2024/03/cover.jpg');
    expect(pair.featured).toBe(true);
  });

  it('imports password-protected posts as flagged drafts and skips menus and revisions', () => {
    expect(doc.posts.find((post) => post.sourceId === '104')!.texts.zh).toMatchObject({ status: 'draft', passwordProtected: true });
    expect(doc.warnings.filter((w) => w.code === 'skipped').map((w) => w.sourceId)).toEqual(['post_type:nav_menu_item', 'post_type:revision']);
  });

  it('turns translated categories into one tag with a name per language, without Uncategorized', () => {
    expect(doc.tags).toEqual([
      { sourceId: 'group:pll:pll_news', names: { en: { name: 'News', slug: 'news' }, zh: { name: '新闻', slug: '新闻' } } },
      { sourceId: 'term:wordpress', names: { en: { name: 'WordPress', slug: 'wordpress' } } },
    ]);
    expect(pair.tags).toEqual(['group:pll:pll_news', 'term:wordpress']);
  });

  it('reads SEO post meta but not Yoast title templates', () => {
    expect(pair.texts.zh).toMatchObject({ seoDescription: '双语博客的第一篇文章。', seoTitle: null, slug: '你好' });
  });
});

describe('parseWxr with WPML', () => {
  it('pairs texts sharing _wpml_import_translation_group and keeps statuses', async () => {
    const doc = await parseWxr(fixture('wpml-zh-en.xml'));
    expect(doc.posts[0]).toMatchObject({ sourceId: 'group:wpml:about-group', kind: 'page', pairedBy: 'source' });
    expect(doc.posts[0]!.texts.zh).toMatchObject({ status: 'pending', slug: 'guan-yu' });
    expect(doc.posts[1]!.texts.en).toMatchObject({ status: 'scheduled', publishedAt: '2031-01-01T10:00:00.000Z' });
  });
});

describe('parseWxr on streams and broken files', () => {
  it('reads a byte stream cut in the middle of characters', async () => {
    const bytes = Buffer.from(fixture('polylang-zh-en.xml'));
    const chunks = Array.from({ length: Math.ceil(bytes.length / 5) }, (_, i) => bytes.subarray(i * 5, i * 5 + 5));
    expect(await parseWxr(Readable.from(chunks), { archiveFiles })).toEqual(await parseWxr(fixture('polylang-zh-en.xml'), { archiveFiles }));
  });

  it('keeps each item\'s content and each converted body in the store it is given', async () => {
    const kept: string[] = [];
    const bodies = { keep: (body: string) => (kept.push(body), () => body) };
    expect(await parseWxr(fixture('polylang-zh-en.xml'), { archiveFiles, bodies })).toEqual(doc);
    // Every item's HTML went in while the file was read, then each imported text's Markdown.
    expect(kept.some((body) => body.includes('[contact-form-7'))).toBe(true);
    expect(kept).toContain(pair.texts.zh!.body);
    expect(kept).toContain(pair.texts.en!.body);
  });

  it('reads elements by namespace URI, so a rebound wp: prefix smuggles nothing in', async () => {
    const xml = fixture('wpml-zh-en.xml').replace('<item>\n\t\t<title>Scheduled', '<item xmlns:wp="http://example.com/fake/">\n\t\t<title>Scheduled');
    const doc = await parseWxr(xml);
    expect(doc.posts.map((post) => post.sourceId)).toEqual(['group:wpml:about-group']);
    expect(doc.warnings.some((w) => w.code === 'skipped')).toBe(true);
  });

  it('names the line of malformed XML', async () => {
    const broken = '<?xml version="1.0"?>\n<rss xmlns:wp="http://wordpress.org/export/1.2/"><channel>\n<wp:wxr_version>1.2</wp:wxr_version>\n<item><title>x</item>\n</channel></rss>';
    await expect(parseWxr(broken)).rejects.toThrow(ImportFormatError);
    await expect(parseWxr(broken)).rejects.toThrow(/line 4/);
  });

  it('refuses XML nested deeper than any export, quickly', async () => {
    const deep = '<rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version><item>' + '<x>'.repeat(100_000) + '</x>'.repeat(100_000) + '</item></channel></rss>';
    await expect(parseWxr(deep)).rejects.toThrow(/more than 100 levels deep/);
  });

  it('refuses an unknown or missing WXR version', async () => {
    await expect(parseWxr('<rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>2.0</wp:wxr_version></channel></rss>')).rejects.toThrow(/Unsupported WXR version “2.0”/);
    await expect(parseWxr('<rss><channel><item><title>x</title></item></channel></rss>')).rejects.toThrow(/not a WordPress export/);
  });
});
