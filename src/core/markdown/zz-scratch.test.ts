import { it } from 'vitest';
import { renderMarkdown } from '@/core/markdown/render-markdown';
const log = (s: string) => process.stdout.write('LOG ' + s + '\n');
it('x', async () => {
  await renderMarkdown('warm `x`\n\n```ts\nx\n```', { locale: 'zh' });
  const cases: [string, string][] = [
    ['code 1MB', '```ts\n' + 'const x: number = 1; // comment\n'.repeat(30000) + '```\n'],
    ['quote nest 10000', '>'.repeat(10000) + ' deep\n'],
    ['list nest 1000', Array.from({ length: 1000 }, (_, i) => ' '.repeat(i * 2) + '- x').join('\n')],
    ['mixed nest', Array.from({ length: 2000 }, (_, i) => '> - '.repeat(i) + 'x').join('\n')],
    ['emph 20000', '*'.repeat(20000) + 'x' + '*'.repeat(20000)],
    ['emph 100000', '*'.repeat(100000) + 'x' + '*'.repeat(100000)],
    ['link nest', '['.repeat(50000) + 'x' + '](u)'.repeat(50000)],
    ['bracket', '['.repeat(300000)],
    ['html', '<div>'.repeat(100000)],
  ];
  for (const [name, md] of cases) {
    const t = performance.now();
    const r = await renderMarkdown(md, { locale: 'zh' }).then((r) => 'ok ' + r.html.length + ' ' + r.html.slice(0, 60), (e) => 'THROW ' + String(e).slice(0, 80));
    log(name + ' ' + (md.length / 1000).toFixed(0) + 'K ' + (performance.now() - t).toFixed(0) + 'ms ' + r);
  }
}, 600000);
