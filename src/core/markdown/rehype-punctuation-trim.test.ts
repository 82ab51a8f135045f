import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import rehypeParse from 'rehype-parse';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { renderDocument } from './render-document';
import { renderMarkdown } from './render-markdown';
import { sanitizeSchema } from './sanitize-schema';

const trimmed = (mark: string) => `<span class="punct-trim">${mark}</span>`;

async function zh(markdown: string): Promise<string> {
  return (await renderMarkdown(markdown, { locale: 'zh' })).html;
}

/** What a reader selects and copies: the text with every tag taken out. */
function textOf(html: string): string {
  return html.replace(/<[^>]+>/g, '');
}

describe('rehypePunctuationTrim', () => {
  it('marks an opening mark after a mark, and the first of two closing marks, the text unchanged', async () => {
    const html = await zh('他说：“你好。”');
    expect(html).toBe(`<p>他说：${trimmed('“')}你好${trimmed('。')}”</p>`);
    expect(textOf(html)).toBe('他说：“你好。”');
  });

  it('finds a pair across inline elements and leaves the span inside the element', async () => {
    expect(await zh('**「重点」**，然后[《书》](/b)。')).toBe(
      `<p><strong>「重点${trimmed('」')}</strong>，然后<a href="/b">《书${trimmed('》')}</a>。</p>`,
    );
  });

  it('never touches code, a code block or a link’s address', async () => {
    const html = await zh('`「」，。」` 与\n\n```\n。」，\n```\n\n[看](https://a.example/?q=。」)');
    expect(html).not.toContain('punct-trim');
    expect(html).toContain('<code>「」，。」</code>');
  });

  it('does not pair across a footnote mark or a paragraph', async () => {
    expect(await zh('一句话。[^1]「二」\n\n[^1]: 注。')).not.toContain('punct-trim');
    expect(await zh('一句话。\n\n「二」')).not.toContain('punct-trim');
  });

  it('leaves an English text alone, even where it shows Chinese marks', async () => {
    const { html } = await renderMarkdown('Full-width: ，。：；and “quoted.”', { locale: 'en' });
    expect(html).not.toContain('punct-trim');
  });

  it('keeps the plain text for search as written', async () => {
    const { plainText, html } = await renderDocument({ markdown: '他说：“你好。”', locale: 'zh' });
    expect(html).toContain('punct-trim');
    expect(plainText).toBe('他说：“你好。”');
  });

  it('survives the sanitizer when stored HTML is cleaned again', async () => {
    const html = await zh('「双声」，一本刊物');
    const again = String(unified().use(rehypeParse, { fragment: true }).use(rehypeSanitize, sanitizeSchema).use(rehypeStringify).processSync(html));
    expect(again).toBe(html);
  });
});

/** Each marked mark in brackets, with the neighbour it pairs with: "：[“]", "[。]」". */
function markedPairsOf(html: string): string[] {
  const text = html.replace(/<span class="punct-trim">(.)<\/span>/gu, '\u0001$1').replace(/<[^>]+>/g, '');
  const plain = text.replaceAll('\u0001', '');
  const marked = [...text.matchAll(/\u0001/gu)].map((match, n) => match.index - n);
  return marked.map((i) => (/[（「『《“‘]/u.test(plain[i]!) ? `${plain[i - 1]}[${plain[i]}]` : `[${plain[i]}]${plain[i + 1]}`));
}

describe('the demo articles', () => {
  const postsDir = 'demo/posts';
  const bodyOf = (post: string, locale: 'zh' | 'en') => readFileSync(join(postsDir, post, `${locale}.md`), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
  const posts = readdirSync(postsDir);

  it.each(posts.filter((post) => existsSync(join(postsDir, post, 'zh.md'))))('%s: every marked mark is one of a pair, none in code', async (post) => {
    const html = await zh(bodyOf(post, 'zh'));
    for (const match of html.matchAll(/<span class="punct-trim">(.)<\/span>((?:<[^>]+>)*)(.)/gu)) {
      const [, mark, , next] = match;
      // An opening mark follows another mark; a closing one is followed by one.
      if (/[“‘（「『《]/u.test(mark!)) expect(html.slice(0, match.index).replace(/<[^>]+>$/u, '')).toMatch(/[\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}]$/u);
      else expect(next).toMatch(/[\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}]/u);
    }
    const inCode = /<(code|pre)[^>]*>(?:(?!<\/\1>)[\s\S])*punct-trim/u;
    expect(html).not.toMatch(inCode);
  });

  it('chunjie-suibi marks the pairs a typesetter would close up', async () => {
    expect(markedPairsOf(await zh(bodyOf('chunjie-suibi', 'zh')))).toEqual(['[”]。', '：[“]', '[。]”', '[”]；']);
  });

  it.each(posts.filter((post) => existsSync(join(postsDir, post, 'en.md'))))('%s in English has no marked marks', async (post) => {
    expect((await renderMarkdown(bodyOf(post, 'en'), { locale: 'en' })).html).not.toContain('punct-trim');
  });
});
