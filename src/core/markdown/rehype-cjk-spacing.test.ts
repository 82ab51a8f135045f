import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { rehypeCjkSpacing } from './rehype-cjk-spacing';

function render(markdown: string): string {
  return String(unified().use(remarkParse).use(remarkRehype).use(rehypeCjkSpacing).use(rehypeStringify).processSync(markdown));
}

describe('rehypeCjkSpacing', () => {
  it.each([
    ['in one text', '用Next.js部署', '<p>用 Next.js 部署</p>'],
    ['around a link, outside it', '用[Next.js](/n)部署', '<p>用 <a href="/n">Next.js</a> 部署</p>'],
    ['around emphasis', '这是*English*文本', '<p>这是 <em>English</em> 文本</p>'],
    ['inside emphasis', '*中文A*', '<p><em>中文 A</em></p>'],
    ['around inline code, never inside', '运行`npm install`命令，再`x中y`', '<p>运行 <code>npm install</code> 命令，再 <code>x中y</code></p>'],
    ['not between CJK at a code edge', '`中`文', '<p><code>中</code>文</p>'],
    ['code next to code', '`a``b`中', '<p><code>a``b</code> 中</p>'],
    ['not across paragraphs', '中文\n\nEnglish', '<p>中文</p>\n<p>English</p>'],
    ['not across a hard break', '中文\\\nEnglish', '<p>中文<br>\nEnglish</p>'],
    ['not in a code block', '```\n中文abc\n```', '<pre><code>中文abc\n</code></pre>'],
    ['not in attributes', '[链接](/a?q=中a "标题A")', '<p><a href="/a?q=%E4%B8%ADa" title="标题A">链接</a></p>'],
    ['already spaced', '用 [Next.js](/n) 部署', '<p>用 <a href="/n">Next.js</a> 部署</p>'],
    ['full-width punctuation', '（[Next.js](/n)）', '<p>（<a href="/n">Next.js</a>）</p>'],
  ])('%s', (_name, markdown, expected) => {
    expect(render(markdown)).toBe(expected);
  });
});
