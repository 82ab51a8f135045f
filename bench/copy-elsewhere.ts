#!/usr/bin/env -S npx tsx
// The copy for WeChat and rich text (core/copy-elsewhere) on renderings of growing size,
// up to its limit (maxCopyHtmlLength): each shape repeated so its HTML is 1×, 4×, 16× and
// 64× as long, converted for both targets. The time per megabyte staying flat as the input
// grows is what "linear" claims; a shape whose time per megabyte grows would show here.
//   npx tsx bench/copy-elsewhere.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyForPaste, maxCopyHtmlLength } from '@/core/copy-elsewhere/copy-html';
import { renderMarkdown } from '@/core/markdown/render-markdown';

const demo = (post: string, locale: 'zh' | 'en') =>
  readFileSync(join(process.cwd(), 'demo/posts', post, `${locale}.md`), 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '');

const shapes: Record<string, string> = {
  'demo: ink-and-pixels/zh (code)': demo('ink-and-pixels', 'zh'),
  'demo: translating-a-tang-poem/en (footnotes)': demo('translating-a-tang-poem', 'en'),
  'outside links, all different': Array.from({ length: 400 }, (_, i) => `[link ${i}](https://example.com/${i})`).join(' '),
  'outside links, one address': '[same](https://example.com/) '.repeat(400),
  'nested lists': Array.from({ length: 12 }, (_, i) => `${' '.repeat(i * 2)}- item ${i}`).join('\n').concat('\n\n').repeat(30),
  'math': '$a^2+b^2=c^2$ and $$\\sum_{i=1}^n i$$\n\n'.repeat(50),
  'wide table': `|${'h|'.repeat(40)}\n|${'-|'.repeat(40)}\n${`|${'x|'.repeat(40)}\n`.repeat(60)}`,
};

const options = { origin: 'https://duet.example', accent: '#b3402a', referencesHeading: 'References' };

for (const [name, markdown] of Object.entries(shapes)) {
  const { html } = await renderMarkdown(markdown, { locale: 'en' });
  const row: string[] = [];
  for (const times of [1, 4, 16, 64]) {
    const input = Array.from({ length: times }, () => html).join('\n');
    if (input.length > maxCopyHtmlLength) break;
    for (const target of ['wechat', 'rich'] as const) {
      copyForPaste(input, { ...options, target }); // warm up
      const started = performance.now();
      copyForPaste(input, { ...options, target });
      const ms = performance.now() - started;
      if (target === 'wechat') row.push(`${times}× ${(input.length / 1e6).toFixed(2)} MB ${ms.toFixed(0)} ms (${(ms / (input.length / 1e6)).toFixed(0)} ms/MB)`);
    }
  }
  console.log(`${name}\n  ${row.join('\n  ')}`);
}
