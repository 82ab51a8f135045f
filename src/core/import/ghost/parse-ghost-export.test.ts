import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ImportFormatError } from '../import-document';
import { parseGhostExport, parseGhostExportStream } from './parse-ghost-export';

const fixture = (name: string) => readFileSync(join(process.cwd(), 'tests', 'fixtures', 'import', 'ghost', name), 'utf8');
const archiveFiles = new Set(['content/images/2024/05/cover.jpg']);

describe('parseGhostExport (Ghost 5, lexical, bilingual)', () => {
  const doc = parseGhostExport(fixture('ghost-5-bilingual.json'), { archiveFiles });

  it('pairs the #zh and #en posts sharing a #translation- tag', () => {
    const pair = doc.posts.find((post) => post.pairedBy);
    expect(pair).toMatchObject({ sourceId: 'translation:hello', pairedBy: 'translation-tag', featured: true, authors: ['u-1', 'u-2'], tags: ['t-news', 't-zh-news'] });
    expect(pair?.texts.en?.localeEvidence).toBe('marker');
    expect(pair?.texts.zh?.title).toBe('你好，Duet');
  });

  it('converts lexical cards and rendered HTML to clean Markdown with site-relative links', () => {
    const pair = doc.posts.find((post) => post.pairedBy)!;
    expect(pair.texts.en!.body).toBe(
      'Bilingual publishing, **finally**.\n\n![A desk](/content/images/2024/05/cover.jpg "Our desk")\n\n[Ghost](https://ghost.org/) — Publishing\n\n```bash\nnpm run duet\n```\n\n```ghost-card-mystery-widget\n{\n  "type": "mystery-widget",\n  "version": 1,\n  "answer": 42\n}\n```',
    );
    expect(pair.texts.zh!.body).toBe('双语出版，**终于**来了。\n\n![书桌](/content/images/size/w600/2024/05/cover.jpg)\n\n[Ghost](https://ghost.org/) — 出版平台\n\n> 💡 提示内容\n\n链接到 [英文版](/hello-duet/)。');
  });

  it('reads SEO fields, the cover with its alt and caption, and finds media in the archive', () => {
    const en = doc.posts.find((post) => post.pairedBy)!.texts.en!;
    expect(en).toMatchObject({ seoTitle: 'Hello, Duet (SEO)', seoDescription: 'A bilingual platform.', excerpt: 'Why we built it.', publishedAt: '2024-05-01T12:00:00.000Z' });
    expect(en.media[0]).toEqual({ source: '/content/images/2024/05/cover.jpg', archivePath: 'content/images/2024/05/cover.jpg', alt: 'A desk', caption: 'Our desk' });
    const zh = doc.posts.find((post) => post.pairedBy)!.texts.zh!;
    expect(zh.media[0]?.archivePath).toBe('content/images/2024/05/cover.jpg');
  });

  it('keeps a markdown-card post exactly as written, and reads statuses and kinds', () => {
    const scheduled = doc.posts.find((post) => post.sourceId === 'p-scheduled')!.texts.zh!;
    expect(scheduled.body).toBe('## 小标题\n\n这是 **Markdown** 卡片，原样保留。\n\n![图](/content/images/2024/05/missing.png)');
    expect(scheduled).toMatchObject({ status: 'scheduled', localeEvidence: 'detected' });
    expect(doc.posts.find((post) => post.sourceId === 'p-about')).toMatchObject({ kind: 'page', texts: { en: { status: 'draft' } } });
  });

  it('imports members-only posts as private and never as published', () => {
    expect(doc.posts.find((post) => post.sourceId === 'p-members')!.texts.en).toMatchObject({ status: 'private', restrictedTo: 'paid' });
  });

  it('keeps internal tags out, names tags in the language of the texts that used them, and refuses other languages', () => {
    expect(doc.tags.map((tag) => tag.sourceId)).toEqual(['t-news', 't-zh-news', 't-unused']);
    expect(doc.tags[0]!.names).toEqual({ en: { name: 'News', slug: 'news' } });
    expect(doc.tags[1]!.names).toEqual({ zh: { name: '新闻', slug: 'xin-wen' } });
    expect(doc.warnings.filter((w) => w.code === 'unsupported-locale').map((w) => w.sourceId)).toEqual(['p-fr']);
    expect(doc.posts.some((post) => post.sourceId === 'p-fr')).toBe(false);
  });

  it('reports detected languages, kept cards and missing media', () => {
    const codes = (code: string) => doc.warnings.filter((w) => w.code === code).map((w) => w.sourceId);
    expect(codes('locale-detected')).toEqual(['p-members', 'p-scheduled', 'p-about']);
    expect(codes('shortcode-kept')).toEqual(['p-en']);
    expect(codes('media-missing')).toEqual(['p-scheduled']);
    expect(codes('unpaired')).toEqual(['p-members', 'p-scheduled', 'p-about']);
  });

  it('keeps authors who wrote something, never their passwords, and reads no secret table', () => {
    expect(doc.authors.map((author) => author.handle)).toEqual(['lin', 'sam']);
    const serialized = JSON.stringify(doc);
    for (const secret of ['$2a$10$', 'SUPERSECRETAPIKEY', 'SESSIONSECRET', 'whsec_SECRET', 'reader@example.com']) expect(serialized).not.toContain(secret);
  });

  it('gives the same document from an object, a string and a stream cut anywhere', async () => {
    const text = fixture('ghost-5-bilingual.json');
    const fromObject = parseGhostExport(JSON.parse(text) as object, { archiveFiles });
    const bytes = Buffer.from(text);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    const fromStream = await parseGhostExportStream(Readable.from(chunks), { archiveFiles });
    expect(fromObject).toEqual(doc);
    expect(fromStream).toEqual(doc);
  });

  it('hands every body to the store it is given and reads back only those whose language it guesses', () => {
    const kept = new Map<number, string>();
    let reads = 0;
    const bodies = {
      keep: (body: string) => {
        const id = kept.size;
        kept.set(id, body);
        return () => {
          reads += 1;
          if (!kept.has(id)) throw new Error('forgotten');
          return kept.get(id)!;
        };
      },
    };
    const stored = parseGhostExport(fixture('ghost-5-bilingual.json'), { archiveFiles, bodies });
    // Only the three texts with no language tag were read back, to detect their language.
    expect(reads).toBe(3);
    expect(stored).toEqual(doc);
    kept.clear();
    // The document held no body of its own: with the store emptied, none can be read.
    const texts = stored.posts.flatMap((post) => Object.values(post.texts));
    for (const text of texts) expect(() => text!.body).toThrow('forgotten');
    expect(texts.map((text) => text!.title)).toEqual(doc.posts.flatMap((post) => Object.values(post.texts)).map((text) => text!.title));
  });

  it('uses the language the importer gives for unmarked texts', () => {
    const forced = parseGhostExport(fixture('ghost-5-bilingual.json'), { defaultLocale: 'zh' });
    expect(forced.posts.find((post) => post.sourceId === 'p-about')!.texts.zh?.localeEvidence).toBe('option');
    expect(forced.warnings.some((w) => w.code === 'locale-detected')).toBe(false);
  });
});

describe('parseGhostExport (Ghost 2, mobiledoc, no wrapper)', () => {
  const doc = parseGhostExport(fixture('ghost-2-unwrapped.json'));

  it('reads pages from the page flag, SEO from the post row and the author from author_id', () => {
    expect(doc.source).toEqual({ kind: 'ghost', version: '2.9.0', siteUrl: null });
    expect(doc.posts.map((post) => post.kind)).toEqual(['post', 'page']);
    expect(doc.posts[0]!.texts.en).toMatchObject({ seoTitle: 'Markdown era (SEO)', publishedAt: '2018-01-01T12:00:00.000Z' });
    expect(doc.posts[0]!.authors).toEqual(['1']);
  });

  it('renders mobiledoc sections, markups, atoms and cards', () => {
    expect(doc.posts[0]!.texts.en!.body).toBe('# Kept as written\n\nWith *emphasis* and a [link](/about/).');
    expect(doc.posts[1]!.texts.en!.body).toBe('## Heading\n\n**bold [link](https://example.com)** end\\\nnext line\n\n1. one\n2. two\n\n---\n\n![](/content/images/a.jpg)\n\n![](/content/images/b.jpg)\n\n*Two*');
  });
});

describe('parseGhostExport refusals', () => {
  it('names the problem in JSON that is not a Ghost export', () => {
    expect(() => parseGhostExport('{"db": [{"meta": {}, "data": {"posts": [{"id": 1,]}}]}')).toThrow(ImportFormatError);
    expect(() => parseGhostExport('{"posts": []}')).toThrow(/no "data" object/);
    expect(() => parseGhostExport('{"db": [{"data": {"posts": [')).toThrow(/truncated/);
    expect(() => parseGhostExport('[1, 2]')).toThrow(/list, not an object/);
    expect(() => parseGhostExport({ nothing: true })).toThrow(ImportFormatError);
  });
});
