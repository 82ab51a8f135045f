#!/usr/bin/env -S npx tsx
// Shapes of Markdown built to be slow, each rendered through the worker pool as the server
// renders a saved text, at 60 KB and 200 KB (the body limit): how long each took, or that
// it was refused at its time budget. Shows which shapes still cost more than their length.
//   npx tsx bench/markdown-shapes.ts [60000,200000]
import { renderInWorker, closeRenderPool, renderBudgetMs } from '@/server/render/render-pool';
const gens: Record<string, (n: number) => string> = {
  'emph **_': (n) => '**_'.repeat(n / 3),
  'emph *a': (n) => '*a'.repeat(n / 2),
  'emph _a_b': (n) => '_a'.repeat(n / 2),
  'strike ~~a': (n) => '~~a'.repeat(n / 3),
  'links [a](': (n) => '[a]('.repeat(n / 4),
  'links [[[': (n) => '['.repeat(n),
  'links ![[': (n) => '![a'.repeat(n / 3),
  'link refs [a][b]': (n) => '[a][b]'.repeat(n / 6),
  'backticks `a``': (n) => '`a``'.repeat(n / 4),
  'autolink <a': (n) => '<a'.repeat(n / 2),
  'html tags <a <b': (n) => '<a b='.repeat(n / 5),
  'table wide': (n) => '|a'.repeat(n / 4) + '|\n' + '|-'.repeat(n / 4) + '|\n',
  'table long': (n) => '|a|b|\n|-|-|\n' + '|x|y|\n'.repeat(n / 6),
  'table cols mismatch': (n) => '|a|\n|-|\n' + '|x'.repeat(n / 2) + '|\n',
  'footnotes defs': (n) => Array.from({ length: n / 20 }, (_, i) => `[^${i}]: note ${i}\n`).join('') + Array.from({ length: n / 20 }, (_, i) => `[^${i}]`).join(' '),
  'footnote refs same': (n) => '[^a]'.repeat(n / 4) + '\n\n[^a]: x\n',
  'nested lists': (n) => Array.from({ length: 60 }, (_, i) => ' '.repeat(i * 2) + '- a').join('\n').repeat(Math.max(1, n / 6000)),
  'nested quotes': (n) => '>'.repeat(180) + ' a\n'.repeat(Math.max(1, n / 200)),
  'long line words': (n) => 'word '.repeat(n / 5),
  'long line cjk': (n) => '中文'.repeat(n / 2),
  'many headings': (n) => '# a\n'.repeat(n / 4),
  'list items': (n) => '- a\n'.repeat(n / 4),
  'definitions': (n) => Array.from({ length: n / 12 }, (_, i) => `[l${i}]: /u\n`).join('') + '[l1]',
  'code spans': (n) => '`'.repeat(n / 2) + 'a' + '`'.repeat(n / 2 - 1),
  'emph nested *a **b': (n) => '*a **b '.repeat(n / 7),
  'entities &': (n) => '&#'.repeat(n / 2),
  'inline links close': (n) => '[a](b '.repeat(n / 6),
  'brackets ]': (n) => '[a]'.repeat(n / 3),
  'setext': (n) => 'a\n=\n'.repeat(n / 4),
  'html block': (n) => '<div>\n'.repeat(n / 6),
  'gfm autolink www': (n) => 'www.a'.repeat(n / 5),
  'gfm autolink emails': (n) => 'a@b.'.repeat(n / 4),
  'underscore words': (n) => 'a_b_'.repeat(n / 4),
  'footnote defs nested': (n) => '[^a]: ' + '[^a]: '.repeat(n / 6),
  'code fence in list': (n) => ('- ```\n  a\n').repeat(n / 10),
};

const sizes = (process.argv[2] ?? '60000,200000').split(',').map(Number);
console.log(`render budget: ${renderBudgetMs(60_000)} ms at 60 KB, ${renderBudgetMs(200_000)} ms at 200 KB`);
for (const [name, gen] of Object.entries(gens)) {
  const row: string[] = [];
  for (const size of sizes) {
    const md = gen(size).slice(0, size);
    const t0 = performance.now();
    try { await renderInWorker({ markdown: md, locale: 'en' }); row.push(`${(md.length/1000).toFixed(0)}K ok ${(performance.now()-t0).toFixed(0)}ms`); }
    catch { row.push(`${(md.length/1000).toFixed(0)}K REFUSED ${(performance.now()-t0).toFixed(0)}ms (budget ${renderBudgetMs(md.length)})`); }
  }
  console.log(name.padEnd(24), row.join('   '));
}
await closeRenderPool();
