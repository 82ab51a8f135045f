// The hand-made Hexo and Jekyll sites of tests/fixtures/import/hexo-*, jekyll-* (see the
// README there) read as their generators build them: which file became which text of which
// post, in which language, with which date, slug, status, images and old addresses, and
// what was left out and counted.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportDocument } from '../import-document';
import { sourceIdentity } from '../source-identity';
import { parsePostFolders } from './parse-post-folders';
import { detectPostFolderKind, readPostFolderSite } from './post-folder-site';

const fixtures = join(process.cwd(), 'tests', 'fixtures', 'import');
const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));

function readSite(name: string): ImportDocument {
  const root = join(fixtures, name);
  const paths = walk(root).map((path) => relative(root, path));
  const kind = detectPostFolderKind(paths);
  if (!kind) throw new Error(`${name} is neither Hexo nor Jekyll`);
  const site = readPostFolderSite(kind, readFileSync(join(root, '_config.yml'), 'utf8'));
  const files = paths.filter((p) => p.endsWith('.md')).map((path) => ({ path, content: readFileSync(join(root, path), 'utf8') }));
  return parsePostFolders(files, site, { archiveFiles: new Set(paths), now: new Date('2024-05-15T00:00:00Z') });
}

function pairs(doc: ImportDocument): string[] {
  return doc.posts.map((post) => `${post.kind} ${[post.texts.zh?.sourceId, post.texts.en?.sourceId].map((id) => id ?? '—').join(' + ')} (${post.pairedBy ?? 'alone'})`).sort();
}

const text = (doc: ImportDocument, sourceId: string) => doc.posts.flatMap((p) => Object.values(p.texts)).find((t) => t!.sourceId === sourceId)!;
const summary = (doc: ImportDocument, sourceId: string) => {
  const t = text(doc, sourceId);
  return `${t.locale} ${t.slug} ${t.status} ${t.publishedAt ?? '-'} ${t.title}`;
};
const warned = (doc: ImportDocument, code: string) => doc.warnings.filter((w) => w.code === code).map((w) => w.sourceId).sort();

describe('reading _config.yml', () => {
  it('keeps a known timezone and reports one it does not know', () => {
    expect(readPostFolderSite('hexo', 'timezone: Asia/Shanghai\nlanguage: zh-CN').timeZone).toBe('Asia/Shanghai');
    const odd = readPostFolderSite('jekyll', 'timezone: Mars/Olympus');
    expect([odd.timeZone, odd.problems]).toEqual([null, ['names a time zone Duet does not know (Mars/Olympus), so dates without a zone are read as UTC']]);
  });
});

describe('telling the generator by the site\'s folders', () => {
  it('is Hexo with source/_posts, Jekyll with _posts, neither for a Hugo site', () => {
    expect(detectPostFolderKind(['_config.yml', 'source/_posts/a.md'])).toBe('hexo');
    expect(detectPostFolderKind(['_config.yml', '_posts/2024-01-01-a.md'])).toBe('jekyll');
    expect(detectPostFolderKind(['_drafts/a.md'])).toBe('jekyll');
    expect(detectPostFolderKind(['hugo.toml', 'content/posts/a.md'])).toBeNull();
  });
});

describe('a Hexo site with post asset folders and a zh folder of translations', () => {
  const doc = readSite('hexo-i18n');

  it('pairs by i18n_key, then by the same path in each language, and keeps pages apart', () => {
    expect(pairs(doc)).toEqual([
      'page — + source/about/index.md (alone)',
      'post source/_posts/zh/2023-11-20-soup.md + source/_posts/2023-11-20-soup.md (source)',
      'post source/_posts/zh/pancakes.md + source/_posts/pancakes.md (source)',
      'post — + source/_drafts/bread.md (alone)',
      'post — + source/_posts/hidden.md (alone)',
    ]);
  });

  it('reads languages from lang and the configuration, dates (in the site\'s timezone) from the field or the file name, drafts from _drafts and published: false', () => {
    // timezone: Asia/Shanghai, eight hours ahead of UTC.
    expect(summary(doc, 'source/_posts/pancakes.md')).toBe('en pancakes published 2024-03-02T01:30:00.000Z Weekend pancakes');
    expect(summary(doc, 'source/_posts/zh/pancakes.md')).toBe('zh pancakes published 2024-03-02T02:00:00.000Z 周末松饼');
    expect(summary(doc, 'source/_posts/2023-11-20-soup.md')).toBe('en soup published 2023-11-19T16:00:00.000Z Winter soup');
    expect(summary(doc, 'source/_posts/zh/2023-11-20-soup.md')).toBe('zh soup published 2023-11-19T16:00:00.000Z 冬日的汤');
    expect(summary(doc, 'source/_posts/hidden.md')).toBe('en hidden draft - Not yet');
    expect(summary(doc, 'source/_drafts/bread.md')).toBe('en bread draft - Bread, someday');
    expect(summary(doc, 'source/about/index.md')).toBe('en about published 2022-12-31T16:00:00.000Z About the kitchen');
    expect(doc.skippedLanguages).toEqual({ ja: 1 });
    expect(warned(doc, 'unsupported-locale')).toEqual(['source/_posts/nihongo.md']);
    const ids = doc.posts.flatMap((p) => Object.values(p.texts).map((t) => t!.sourceId));
    expect(ids.filter((id) => id.startsWith('themes/') || id === 'source/_posts/pancakes/notes.md')).toEqual([]);
  });

  it('finds each post\'s images in the folder named after it and turns Hexo tags into Markdown', () => {
    const en = text(doc, 'source/_posts/pancakes.md');
    expect(en.media).toEqual([expect.objectContaining({ source: 'stack.png', archivePath: 'source/_posts/pancakes/stack.png' })]);
    expect(text(doc, 'source/_posts/zh/pancakes.md').media).toEqual([expect.objectContaining({ source: 'stack.png', archivePath: 'source/_posts/zh/pancakes/stack.png' })]);
    expect(text(doc, 'source/_posts/2023-11-20-soup.md').media).toEqual([expect.objectContaining({ source: '/images/steam.png', archivePath: 'source/images/steam.png' })]);
    expect(en.body).toBe('Soft pancakes for a slow morning.\n\n![A stack of pancakes](stack.png)\n\n```text\n2 eggs, 200 g flour, 300 ml milk\n```');
    expect(en.excerpt).toBe('Soft pancakes for a slow morning.');
    expect(en.redirects).toEqual(['/2024/03/pancakes.html']);
  });

  it('makes tags of tags and of nested categories, and names the site by its url', () => {
    const pancakes = doc.posts.find((p) => p.texts.en?.sourceId === 'source/_posts/pancakes.md')!;
    expect(pancakes.tags).toEqual(['term:breakfast', 'term:baking', 'term:recipes', 'term:sweet', 'term:早餐', 'term:食谱']);
    expect(sourceIdentity(doc.source, { folderName: 'hexo-i18n' }).key).toBe('hexo //kitchen.example.org');
  });
});

describe('a jekyll-polyglot site', () => {
  const doc = readSite('jekyll-polyglot');

  it('pairs by ref, then by a shared permalink, and reads pages outside _posts', () => {
    expect(pairs(doc)).toEqual([
      'page about-zh.md + about.md (source)',
      'post _posts/2024-04-10-shuihu.md + _posts/2024-04-10-kettle.md (source)',
      'post _posts/2024-05-01-lvcha.md + _posts/2024-05-01-green-tea.md (source)',
      'post — + _drafts/oolong.md (alone)',
      'post — + _posts/2024-02-02-unpublished.md (alone)',
      'post — + _posts/2024-06-20-summer.md (alone)',
    ]);
  });

  it('takes dates from the file name (the slug without it; UTC, as the site names no timezone), a zoned date as written, the default language for files without lang', () => {
    expect(summary(doc, '_posts/2024-05-01-green-tea.md')).toBe('en green-tea published 2024-05-01T00:15:00.000Z Green tea, first flush');
    expect(summary(doc, '_posts/2024-05-01-lvcha.md')).toBe('zh lvcha published 2024-05-01T00:00:00.000Z 头采绿茶');
    expect(summary(doc, '_posts/2024-04-10-kettle.md')).toBe('en kettle published 2024-04-10T00:00:00.000Z A new kettle');
    expect(summary(doc, '_posts/2024-04-10-shuihu.md')).toBe('zh kettle published 2024-04-10T00:00:00.000Z 新水壶');
    expect(summary(doc, '_posts/2024-06-20-summer.md')).toBe('en summer scheduled 2024-06-20T00:00:00.000Z Summer blends');
    expect(summary(doc, '_posts/2024-02-02-unpublished.md')).toBe('en unpublished draft - Held back');
    expect(summary(doc, '_drafts/oolong.md')).toBe('en oolong draft - Oolong notes');
    expect(doc.skippedLanguages).toEqual({ fr: 1 });
  });

  it('leaves out the home list, includes and files without front matter, and says what it kept as text', () => {
    const ids = doc.posts.flatMap((p) => Object.values(p.texts).map((t) => t!.sourceId));
    expect(ids).not.toContain('index.md');
    expect(ids).not.toContain('notes.md');
    expect(ids).not.toContain('_includes/note.md');
    expect(warned(doc, 'skipped')).toEqual(['index.md']);
    expect(warned(doc, 'shortcode-kept')).toEqual(['_posts/2024-05-01-green-tea.md']);
  });

  it('splits tags written as one string, strips site.baseurl from images, keeps redirect_from', () => {
    const tea = doc.posts.find((p) => p.texts.en?.sourceId === '_posts/2024-05-01-green-tea.md')!;
    expect(tea.tags).toEqual(['term:tea', 'term:春天', 'term:spring', 'term:notes']);
    expect(tea.texts.en!.body).toContain('```text\n80 °C, two minutes\n```');
    expect(tea.texts.en!.redirects).toEqual(['/2024/green-tea.html']);
    expect(text(doc, '_posts/2024-04-10-kettle.md').media).toEqual([expect.objectContaining({ source: '/assets/img/kettle.png', archivePath: 'assets/img/kettle.png' })]);
    expect(sourceIdentity(doc.source, { folderName: 'jekyll-polyglot' }).key).toBe('jekyll //tea.example.net/shelf');
  });
});
