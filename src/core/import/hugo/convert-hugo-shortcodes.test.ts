import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '@/core/markdown/render-markdown';
import { convertHugoBody } from './convert-hugo-body';
import { convertHugoShortcodes, withoutShortcodes } from './convert-hugo-shortcodes';

describe('convertHugoShortcodes', () => {
  it('turns figure into an image titled with its caption, linked when it has a link', () => {
    expect(convertHugoShortcodes('{{< figure src="/a b.jpg" alt="Alt" caption="Cap" link="https://x.example" >}}').markdown.trim()).toBe('[![Alt](</a b.jpg> "Cap")](https://x.example)');
  });

  it('keeps unknown shortcodes as inline code and reports them once per name', () => {
    const { markdown, kept } = convertHugoShortcodes('{{% columns %}}\n- a\n{{% /columns %}}\n\n{{<button href="/x">}}Go{{</button>}}');
    expect(markdown).toBe('`{{% columns %}}`\n- a\n`{{% /columns %}}`\n\n`{{<button href="/x">}}`Go`{{</button>}}`');
    expect(kept).toEqual(['columns', 'button']);
  });

  it('leaves fenced code alone but unescapes commented shortcodes everywhere, as Hugo does', () => {
    expect(convertHugoShortcodes('```\n{{< youtube x >}}\n{{</* gist a b */>}}\n```').markdown).toBe('```\n{{< youtube x >}}\n{{< gist a b >}}\n```');
  });

  it('wraps highlighted code in a fence longer than any backtick run inside', () => {
    expect(convertHugoShortcodes('{{< highlight markdown >}}\n```js\nx\n```\n{{< / highlight >}}').markdown).toBe('````markdown\n```js\nx\n```\n````');
  });

  it('stays linear on unterminated tags', () => {
    expect(convertHugoShortcodes('{{< '.repeat(50_000)).markdown.length).toBe(200_000);
  });

  it.each([
    ['LoveIt/FixIt/DoIt named', '{{< admonition type="tip" title="Use *pnpm*" open=true >}}\nIt is **faster**.\n{{< /admonition >}}', '> [!TIP] Use *pnpm*\n> It is **faster**.'],
    ['LoveIt/FixIt positional', '{{< admonition warning "Back up" >}}\nFirst.\n{{< /admonition >}}', '> [!WARNING] Back up\n> First.'],
    ['Even (percent form)', '{{% admonition type="danger" %}}\nNo.\n{{% /admonition %}}', '> [!CAUTION]\n> No.'],
    ['Relearn notice', '{{% notice info "Heads up" %}}\nRead this.\n{{% /notice %}}', '> [!NOTE] Heads up\n> Read this.'],
    ['Docsy alert', '{{% alert title="Careful" color="warning" %}}\nHot.\n{{% /alert %}}', '> [!WARNING] Careful\n> Hot.'],
    ['Hextra callout', '{{< callout type="important" emoji="❗" >}}\nKey.\n{{< /callout >}}', '> [!IMPORTANT]\n> Key.'],
    ['Hugo-Book hint', '{{< hint danger >}}\nStop.\n{{< /hint >}}', '> [!CAUTION]\n> Stop.'],
    ['a bare type name', '{{< tip >}}\nSmall.\n{{< /tip >}}', '> [!TIP]\n> Small.'],
    ['an unknown type', '{{< admonition type="bizarre" >}}\nSo.\n{{< /admonition >}}', '> [!NOTE]\n> So.'],
  ])('turns an admonition into a GitHub alert: %s', (_theme, source, expected) => {
    const { markdown, kept } = convertHugoShortcodes(source);
    expect(markdown.trim()).toBe(expected);
    expect(kept).toEqual([]);
  });

  it('keeps the Markdown inside an admonition, blank lines, lists and code included', () => {
    const source = '{{< admonition note >}}\nFirst.\n\n- a\n- b\n\n```sh\nls\n```\n{{< /admonition >}}';
    expect(convertHugoShortcodes(source).markdown.trim()).toBe('> [!NOTE]\n> First.\n>\n> - a\n> - b\n>\n> ```sh\n> ls\n> ```');
  });

  it('renders a converted admonition as a callout', async () => {
    const { markdown } = convertHugoShortcodes('{{< admonition type="tip" title="Use it" >}}\nBody.\n{{< /admonition >}}');
    expect((await renderMarkdown(markdown, { locale: 'en' })).html).toBe(
      '<div class="callout callout-tip" role="note">\n<p class="callout-title"><strong>Use it</strong></p>\n<p>Body.</p>\n</div>',
    );
  });

  it('turns details into a <details> block (summary, open), as Hugo-Book and Hextra write it', async () => {
    expect(convertHugoShortcodes('{{< details "More <b>info</b>" open >}}\nHidden.\n{{< /details >}}').markdown.trim()).toBe(
      '<details open>\n<summary>More info</summary>\n\nHidden.\n\n</details>',
    );
    const { markdown } = convertHugoShortcodes('{{< details title="Why & how" >}}\nBecause.\n{{< /details >}}');
    expect((await renderMarkdown(markdown, { locale: 'en' })).html).toBe('<details>\n<summary>Why &#x26; how</summary>\n<p>Because.</p>\n</details>');
  });

  it('turns tabs into a heading per tab (Hugo-Book names, Hextra items, Docsy headers)', () => {
    expect(convertHugoShortcodes('{{< tabs "os" >}}\n{{< tab "macOS" >}}brew{{< /tab >}}\n{{< tab "Linux" >}}apt{{< /tab >}}\n{{< /tabs >}}').markdown.replace(/\n{3,}/g, '\n\n').trim()).toBe(
      '#### macOS\n\nbrew\n\n#### Linux\n\napt',
    );
    expect(convertHugoShortcodes('{{< tabs items="npm,pnpm" >}}\n{{< tab >}}npm i{{< /tab >}}\n{{< tab >}}pnpm i{{< /tab >}}\n{{< /tabs >}}').markdown.replace(/\n{3,}/g, '\n\n').trim()).toBe(
      '#### npm\n\nnpm i\n\n#### pnpm\n\npnpm i',
    );
    expect(convertHugoShortcodes('{{< tabpane >}}\n{{% tab header="Go" %}}go run{{% /tab %}}\n{{< /tabpane >}}').markdown.trim()).toBe('#### Go\n\ngo run');
  });

  it('converts shortcodes nested in blocks', () => {
    const { markdown, kept } = convertHugoShortcodes('{{< callout >}}\nWatch {{< youtube abc >}}\n{{< /callout >}}');
    expect(markdown.trim()).toBe('> [!NOTE]\n> Watch \n>\n> <https://www.youtube.com/watch?v=abc>');
    expect(kept).toEqual([]);
  });

  it('links embeds, bilibili included, as a paragraph of their own', () => {
    expect(convertHugoShortcodes('{{< bilibili BV1xx411c7mD >}}').markdown.trim()).toBe('<https://www.bilibili.com/video/BV1xx411c7mD>');
    expect(convertHugoShortcodes('{{< bilibili id="170001" >}}').markdown.trim()).toBe('<https://www.bilibili.com/video/av170001>');
    expect(convertHugoShortcodes('{{< gist spf13 7896402 >}}').markdown.trim()).toBe('<https://gist.github.com/spf13/7896402>');
  });

  it('points ref/relref at the named page: the importer’s path when it knows it, else /posts/<name>', () => {
    const source = '[a]({{< ref "posts/hello/index.md#part" >}}) [b]({{< relref "/blog/foo.zh.md" >}}) [c]({{< ref "bar" >}})';
    expect(convertHugoShortcodes(source).markdown).toBe('[a](/posts/hello#part) [b](/posts/foo) [c](/posts/bar)');
    const resolveRef = (target: string) => (target === 'bar' ? '/zh/posts/bar-2' : null);
    expect(convertHugoShortcodes(source, { resolveRef }).markdown).toBe('[a](/posts/hello#part) [b](/posts/foo) [c](/zh/posts/bar-2)');
  });

  it('reports an unclosed block shortcode and keeps it visible', () => {
    const { markdown, kept } = convertHugoShortcodes('{{< admonition tip >}}\nNever closed.');
    expect(markdown).toBe('`{{< admonition tip >}}`\nNever closed.');
    expect(kept).toEqual(['admonition']);
  });

  it('keeps leftover shortcodes and alert markers out of the excerpt', () => {
    const body = convertHugoBody('{{< admonition tip >}}\nLead words.\n{{< /admonition >}}\n\nMore {{< unknown x >}} text.\n\n<!--more-->\n\nRest.');
    expect(body.summary).toBe('Lead words. More text.');
    expect(body.kept).toEqual(['unknown']);
    expect(withoutShortcodes('A `{{% columns %}}` B')).toBe('A B');
  });

  it('reads the doubled backslashes Hugo sites write around \( \) and \[ \] as math, but not in code or $$ blocks', async () => {
    const body = convertHugoBody(
      'Inline \\\\(f(x)=x^2\\\\) and `\\\\(code\\\\)`.\n\n\\\\[\na^2+b^2=c^2\n\\\\]\n\n$$\n\\begin{aligned}a&=b \\\\[2pt] c&=d\\end{aligned}\n$$',
    ).markdown;
    expect(body).toBe('Inline \\(f(x)=x^2\\) and `\\\\(code\\\\)`.\n\n\\[\na^2+b^2=c^2\n\\]\n\n$$\n\\begin{aligned}a&=b \\\\[2pt] c&=d\\end{aligned}\n$$');
    const html = (await renderMarkdown(body, { locale: 'en' })).html;
    expect([...html.matchAll(/<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>/g)].map((m) => m[1]!.trim().replace(/&#x26;/g, '&'))).toEqual([
      'f(x)=x^2',
      'a^2+b^2=c^2',
      '\\begin{aligned}a&=b \\\\[2pt] c&=d\\end{aligned}',
    ]);
  });
});
