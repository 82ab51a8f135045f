import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHugoFiles } from './parse-hugo-files';

const root = join(process.cwd(), 'tests', 'fixtures', 'import', 'hugo');
const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
const files = walk(root).map((path) => ({ path: relative(root, path), content: readFileSync(path, 'utf8') }));
const doc = parseHugoFiles(files, {
  archiveFiles: new Set(['site/content/posts/hello/featured-image.jpg', 'site/static/images/launch.png']),
  now: new Date('2024-06-01T00:00:00Z'),
});
const post = (id: string) => doc.posts.find((p) => p.sourceId === id)!;

describe('parseHugoFiles', () => {
  it('pairs by file name, by translationKey and by content folder', () => {
    expect(doc.posts.map((p) => [p.sourceId, p.pairedBy])).toEqual([
      ['group:path:book/docs/intro', 'source'],
      ['group:key:launch', 'source'],
      ['group:path:site/posts/hello/index', 'source'],
      ['group:path:site/posts/notes', 'source'],
    ]);
  });

  it('reads YAML, TOML and JSON front matter', () => {
    const hello = post('group:path:site/posts/hello/index');
    expect(hello.texts.en).toMatchObject({ title: 'Hello, Hugo', slug: 'hello', seoDescription: 'How this site began.', publishedAt: '2023-05-01T02:00:00.000Z', updatedAt: '2023-05-02T02:00:00.000Z', excerpt: 'This summary comes first.' });
    expect(post('group:path:site/posts/notes').texts.en).toMatchObject({ title: 'Reading notes', slug: 'reading-notes', status: 'published' });
    expect(post('group:path:site/posts/notes').texts.zh).toMatchObject({ status: 'draft', publishedAt: null });
    expect(post('group:key:launch').texts.en).toMatchObject({ status: 'scheduled', title: 'We launched' });
  });

  it('converts figures, highlights, admonitions and embeds, keeps other shortcodes visibly and drops heading ids', () => {
    expect(post('group:path:site/posts/hello/index').texts.en!.body).toBe(
      'This summary comes first.\n\n## A heading\n\n![A photo](photo.jpg "Taken at dawn")\n\n> [!TIP] Note\n> Admonitions stay visible.\n\n```go\nfmt.Println("hi")\n```\n\n<https://www.youtube.com/watch?v=w7Ft2ymGmfc>\n\n```markdown\n{{< figure src="x.jpg" >}}\n```',
    );
    expect(post('group:path:site/posts/hello/index').texts.zh!.body).toBe('摘要写在这里。\n\n## 小标题\n\n正文，全角标点：“引号”、逗号。');
    expect(post('group:path:book/docs/intro').texts.en!.body).toBe('# Introduction\n\nRead the docs.');
  });

  it('resolves the featured-image resource in the bundle and site-absolute images in static/', () => {
    expect(post('group:path:site/posts/hello/index').cover).toEqual({ source: 'featured-image.jpg', archivePath: 'site/content/posts/hello/featured-image.jpg' });
    expect(post('group:key:launch').cover?.archivePath).toBe('site/static/images/launch.png');
  });

  it('leaves section lists out (Duet makes its own) and names tags in the languages that used them', () => {
    expect(post('site/content/_index.md')).toBeUndefined();
    expect(doc.tags.find((t) => t.sourceId === 'term:notes')!.names).toEqual({ en: { name: 'Notes', slug: 'notes' } });
    expect(doc.tags.find((t) => t.sourceId === 'term:hugo')!.names).toEqual({ en: { name: 'Hugo', slug: 'hugo' }, zh: { name: 'Hugo', slug: 'hugo' } });
    expect(doc.authors).toEqual([{ sourceId: 'author:Lin', handle: 'lin', name: { zh: 'Lin', en: 'Lin' }, bio: {}, email: null }]);
  });

  it('warns about other languages, unreadable files, kept shortcodes, missing media and guesses', () => {
    const codes = (code: string) => doc.warnings.filter((w) => w.code === code).map((w) => w.sourceId);
    expect(codes('unsupported-locale')).toEqual(['site/content/posts/bonjour.fr.md']);
    expect(codes('skipped')).toEqual(['site/content/_index.md', 'site/content/posts/broken.md']);
    expect(codes('shortcode-kept')).toEqual(['site/content/posts/notes.zh.md']);
    expect(doc.warnings.find((w) => w.code === 'shortcode-kept')!.message).toBe('Shortcodes kept as text: gallery.');
    expect(codes('media-missing')).toEqual(['site/content/posts/hello/index.en.md']);
    expect(codes('locale-detected')).toEqual(['site/content/posts/fabu.md', 'site/content/posts/launch.md']);
  });

  it('keeps shortcodes out of a summary and a description written in the front matter', () => {
    const content = ['---', 'title: Shortcodes up front', 'summary: "Before {{< admonition tip >}}never{{< /admonition >}} after"', 'description: "{{% notice info %}}Only{{% /notice %}} words"', '---', '', 'Body.'].join('\n');
    const single = parseHugoFiles([{ path: 'site/content/posts/up-front.en.md', content }], { archiveFiles: new Set(), now: new Date('2024-06-01T00:00:00Z') });
    const text = single.posts[0]!.texts.en!;
    expect(text.excerpt).not.toMatch(/\{\{|admonition|notice/);
    expect(text.excerpt).toContain('Before');
    expect(text.seoDescription ?? '').not.toMatch(/\{\{|notice/);
  });

  it('points a ref or relref at the page it names as Duet publishes it, in the same language', () => {
    const page = (path: string, front: string[], body: string) => ({ path, content: ['---', ...front, '---', '', body].join('\n') });
    const site = parseHugoFiles(
      [
        page('site/content/posts/first.en.md', ['title: First'], 'See [the second]({{< ref "second" >}}) and [its part]({{< relref "posts/second.md#part" >}}), or [nothing]({{< ref "missing" >}}).'),
        page('site/content/posts/first.zh.md', ['title: 第一'], '见[第二篇]({{< ref "second" >}})。'),
        page('site/content/posts/second/index.en.md', ['title: Second', 'slug: the-second-one'], 'Two.'),
        page('site/content/posts/second/index.zh.md', ['title: 第二', 'slug: di-er'], '二。'),
      ],
      { archiveFiles: new Set(), now: new Date('2024-06-01T00:00:00Z') },
    );
    const first = site.posts.find((p) => p.texts.en?.title === 'First')!;
    expect(first.texts.en!.body).toBe('See [the second](/en/posts/the-second-one) and [its part](/en/posts/the-second-one#part), or [nothing](/posts/missing).');
    expect(first.texts.zh!.body).toBe('见[第二篇](/zh/posts/di-er)。');
  });
});
