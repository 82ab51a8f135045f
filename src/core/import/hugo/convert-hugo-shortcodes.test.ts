import { describe, expect, it } from 'vitest';
import { convertHugoShortcodes } from './convert-hugo-shortcodes';

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
});
