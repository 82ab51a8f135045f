// The hand-made Hugo sites of tests/fixtures/import/hugo-*/ read as Hugo builds them
// (see the README there): which file became which text of which post, in which language,
// what was left out and counted, and which old addresses each text keeps.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportDocument } from '../import-document';
import { parseHugoFiles } from './parse-hugo-files';

const fixtures = join(process.cwd(), 'tests', 'fixtures', 'import');
const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));

function readSite(name: string, keep: (path: string) => boolean = () => true): ImportDocument {
  const root = join(fixtures, name);
  const files = walk(root).map((path) => ({ path: relative(root, path), content: readFileSync(path, 'utf8') })).filter((f) => keep(f.path));
  return parseHugoFiles(files, { now: new Date('2024-06-01T00:00:00Z') });
}

/** Each post as `zh-file + en-file`, with how it was paired. */
function pairs(doc: ImportDocument): string[] {
  return doc.posts.map((post) => `${[post.texts.zh?.sourceId, post.texts.en?.sourceId].map((id) => id ?? '—').join(' + ')} (${post.pairedBy ?? 'alone'})`).sort();
}

const text = (doc: ImportDocument, sourceId: string) => doc.posts.flatMap((p) => Object.values(p.texts)).find((t) => t!.sourceId === sourceId)!;
const warned = (doc: ImportDocument, code: string) => doc.warnings.filter((w) => w.code === code).map((w) => w.sourceId).sort();

describe('a Hugo site with content/en and content/zh named in its configuration', () => {
  const doc = readSite('hugo-dirs');

  it('pairs by translationKey first, then by the same path in each language folder', () => {
    expect(pairs(doc)).toEqual([
      'content/zh/docs/v1/install.md + content/en/docs/v1/install.md (source)',
      'content/zh/docs/v2/install.md + content/en/docs/v2/install.md (source)',
      'content/zh/posts/fabu-shuoming.md + content/en/posts/release-notes.md (source)',
      'content/zh/posts/first-steps.md + content/en/posts/first-steps.md (source)',
      'content/zh/posts/toolbox.md + — (alone)',
      '— + content/en/posts/dated.md (alone)',
      '— + content/en/posts/old-offer.md (alone)',
      '— + content/en/posts/only-english.md (alone)',
    ]);
    expect(doc.posts.find((p) => p.texts.en?.sourceId === 'content/en/posts/release-notes.md')!.sourceId).toBe('group:key:release-2');
  });

  it('reads content/en and content/zh as language folders even without the configuration', () => {
    const bare = readSite('hugo-dirs', (path) => path !== 'hugo.toml');
    expect(pairs(bare)).toEqual(pairs(doc));
    expect(text(bare, 'content/zh/posts/toolbox.md')).toMatchObject({ locale: 'zh', localeEvidence: 'marker' });
    // With no default language configured, the home list's language is not known: it is still left out.
    expect(warned(bare, 'skipped')).toContain('content/en/_index.md');
  });

  it('takes each file\'s language from its folder, never from its text', () => {
    // Mostly Latin letters (tool names), yet in content/zh: Chinese, not guessed English.
    expect(text(doc, 'content/zh/posts/toolbox.md')).toMatchObject({ locale: 'zh', localeEvidence: 'marker' });
    expect(warned(doc, 'locale-detected')).toEqual([]);
  });

  it('keeps slugs: the front matter\'s, else the path\'s; versioned docs get one slug per path', () => {
    expect(text(doc, 'content/zh/posts/first-steps.md').slug).toBe('di-yi-bu');
    expect(text(doc, 'content/en/posts/first-steps.md').slug).toBe('first-steps');
    expect(['content/en/docs/v1/install.md', 'content/en/docs/v2/install.md', 'content/zh/docs/v1/install.md', 'content/zh/docs/v2/install.md'].map((id) => text(doc, id).slug)).toEqual(['v1-install', 'v2-install', 'v1-install', 'v2-install']);
  });

  it('reads TOML Hugo accepts (dateday = 07) and turns aliases into old addresses', () => {
    expect(text(doc, 'content/en/posts/dated.md')).toMatchObject({ title: 'A dated post', status: 'published', publishedAt: '2019-01-07T08:00:00.000Z', redirects: ['/2019/01/07/dated', '/posts/old-dated'] });
    expect(warned(doc, 'skipped')).not.toContain('content/en/posts/dated.md');
  });

  it('imports an expired text as a draft and says that hiddenFromHomePage has no place in Duet', () => {
    expect(text(doc, 'content/en/posts/old-offer.md')).toMatchObject({ status: 'draft', publishedAt: null });
    expect(warned(doc, 'expired')).toEqual(['content/en/posts/old-offer.md']);
    expect(warned(doc, 'field-ignored')).toEqual(['content/en/posts/dated.md']);
  });

  it('leaves out section and taxonomy lists, headless bundles, their resources and files outside the content folders', () => {
    expect(warned(doc, 'skipped')).toEqual(['content/en/_index.md', 'content/en/posts/_index.md', 'content/en/snippets/footer/index.md', 'content/en/tags/hugo/_index.md']);
    const all = doc.posts.flatMap((p) => Object.values(p.texts).map((t) => t!.sourceId));
    expect(all.filter((id) => /_index|snippets|themes/.test(id))).toEqual([]);
    expect(doc.posts.filter((p) => p.kind === 'page')).toEqual([]);
  });
});

describe('a Hugo site of bundles in English, Simplified and Traditional Chinese and Japanese (config/_default)', () => {
  const doc = readSite('hugo-bundles');

  it('pairs index.md with index.zh.md, once per bundle', () => {
    expect(pairs(doc)).toEqual([
      'content/posts/about/index.zh.md + content/posts/about/index.md (source)',
      'content/posts/trip/index.zh.md + content/posts/trip/index.md (source)',
      '— + content/posts/garden/index.md (alone)',
    ]);
    expect(text(doc, 'content/posts/about/index.md')).toMatchObject({ locale: 'en', slug: 'about' });
    expect(text(doc, 'content/posts/about/index.zh.md')).toMatchObject({ locale: 'zh', slug: 'about', title: '关于本站' });
  });

  it('leaves out Traditional Chinese beside Simplified, and Japanese, each with its count', () => {
    expect(doc.skippedLanguages).toEqual({ 'zh-hant-tw': 2, ja: 3 });
    expect(warned(doc, 'unsupported-locale')).toEqual([
      'content/posts/about/index.ja.md', 'content/posts/about/index.zh-hant-tw.md', 'content/posts/garden/index.ja.md', 'content/posts/hanami.ja.md', 'content/posts/trip/index.zh-hant-tw.md',
    ]);
  });

  it('prefixes the aliases of a language served under its own path', () => {
    expect(text(doc, 'content/posts/about/index.md').redirects).toEqual(['/about-us']);
    expect(text(doc, 'content/posts/about/index.zh.md').redirects).toEqual(['/guanyu', '/zh/guanyu']);
  });

  it('reads the same bundles without a configuration by their suffixes', () => {
    const bare = readSite('hugo-bundles', (path) => !path.startsWith('config/'));
    expect(pairs(bare)).toEqual(pairs(doc));
    expect(bare.skippedLanguages).toEqual({ 'zh-hant-tw': 2, ja: 3 });
  });
});

describe('a Hugo site whose only Chinese is Traditional', () => {
  const doc = readSite('hugo-traditional');

  it('imports it as Chinese and says so for each text', () => {
    expect(pairs(doc)).toEqual(['content/posts/harbour.zh-tw.md + content/posts/harbour.md (source)', 'content/posts/market.zh-tw.md + — (alone)']);
    expect(text(doc, 'content/posts/market.zh-tw.md')).toMatchObject({ locale: 'zh', title: '市場' });
    expect(warned(doc, 'traditional-as-zh')).toEqual(['content/posts/harbour.zh-tw.md', 'content/posts/market.zh-tw.md']);
    expect(doc.skippedLanguages).toBeUndefined();
  });
});

describe('Markdown with no configuration and no language in its paths', () => {
  const doc = readSite('hugo-plain');

  it('tells Chinese from English by the text and leaves a Japanese text out rather than guessing it Chinese', () => {
    expect(text(doc, 'content/posts/zhongwen.md')).toMatchObject({ locale: 'zh', localeEvidence: 'detected' });
    expect(text(doc, 'content/posts/english.md')).toMatchObject({ locale: 'en', localeEvidence: 'detected' });
    expect(doc.posts.flatMap((p) => Object.values(p.texts)).map((t) => t!.sourceId)).not.toContain('content/posts/nihongo.md');
    expect(doc.skippedLanguages).toEqual({ ja: 1 });
  });
});

describe('a Hugo site whose default language is Chinese under a key of its own', () => {
  const md = (title: string, extra = '') => `---\ntitle: ${title}\ndate: 2024-01-01T00:00:00Z\n${extra}---\nBody of ${title}.\n`;
  const doc = parseHugoFiles(
    [
      { path: 'blog/hugo.json', content: JSON.stringify({ DefaultContentLanguage: 'cn', defaultContentLanguageInSubdir: true, Languages: { cn: { LanguageCode: 'zh-CN' }, en: { languageCode: 'en-GB', disabled: false }, fr: { disabled: true } } }) },
      { path: 'blog/content/posts/tea.md', content: md('Tea', 'aliases: [/cha/]\n') },
      { path: 'blog/content/posts/tea.en.md', content: md('Tea', 'aliases: [/tea/]\n') },
      { path: 'blog/content/posts/tea.fr.md', content: md('Thé') },
      { path: 'blog/content/posts/notes.md.en.md', content: md('Not a suffix') },
    ],
    { now: new Date('2024-06-01T00:00:00Z') },
  );

  it('reads files without a suffix as the default language, whatever its key, with keys in any case', () => {
    expect(pairs(doc)).toEqual(['blog/content/posts/tea.md + blog/content/posts/tea.en.md (source)', '— + blog/content/posts/notes.md.en.md (alone)']);
    expect(text(doc, 'blog/content/posts/tea.md')).toMatchObject({ locale: 'zh', localeEvidence: 'marker' });
    expect(doc.skippedLanguages).toEqual({ fr: 1 });
  });

  it('records aliases under the language\'s prefix too, the default language\'s as well when it is served in a subfolder', () => {
    expect(text(doc, 'blog/content/posts/tea.md').redirects).toEqual(['/cha', '/cn/cha']);
    expect(text(doc, 'blog/content/posts/tea.en.md').redirects).toEqual(['/tea', '/en/tea']);
  });
});

describe('a Hugo site whose list pages describe its tags', () => {
  const doc = readSite('hugo-described');
  const tag = (sourceId: string) => doc.tags.find((t) => t.sourceId === sourceId);

  it('gives a term\'s _index.md to its tag in each language, by description or by its text, and names the term in that language', () => {
    expect(tag('term:garden beds')).toEqual({
      sourceId: 'term:garden beds',
      names: { en: { name: 'Garden Beds', slug: 'garden-beds' }, zh: { name: '菜畦', slug: 'garden-beds' } },
      descriptions: { en: 'Raised beds and what grows in them.\n\nSoil, compost and the odd slug.', zh: '菜畦里种的东西，和种不活的东西。' },
    });
  });

  it('gives a section\'s _index.md to the tag of its name when the section\'s posts carry it', () => {
    expect(tag('term:notes')?.descriptions).toEqual({ en: 'Short notes from the garden, written the evening after.', zh: '园子里的短笔记，当天晚上写下。' });
    expect(tag('term:travel')?.descriptions).toBeUndefined();
  });

  it('reports the list pages that describe nothing, and imports none of them', () => {
    expect(warned(doc, 'skipped')).toEqual(['content/en/_index.md', 'content/en/tags/_index.md', 'content/en/tags/unused/_index.md', 'content/en/trips/_index.md']);
    expect(doc.warnings.find((w) => w.sourceId === 'content/en/trips/_index.md')?.message).toMatch(/no sections and no tag is named after it/);
    expect(pairs(doc)).toEqual(['content/zh/notes/first-frost.md + content/en/notes/first-frost.md (source)', '— + content/en/trips/coast.md (alone)']);
  });
});
