import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { renderDocument } from '@/core/markdown/render-document';
import { markdownBlocks } from '@/core/translation/segments';
import { closeRenderPool, renderPoolStats, countFormulaDelimiters, markdownBlocksInWorker, renderBudgetMs, RenderTimeoutError, renderInWorker } from './render-pool';

afterAll(() => closeRenderPool());

describe('renderInWorker', () => {
  it('renders in a worker process exactly as in this one', async () => {
    const input = { markdown: '# 茶\n\nA *cup* of `tea`.\n\n```ts\nconst a = 1;\n```\n', locale: 'zh' as const };
    expect(await renderInWorker(input)).toEqual(await renderDocument(input));
  }, 60_000);

  it('reports its workers’ memory and CPU time, which are not in this process’s own', async () => {
    await renderInWorker({ markdown: '# 茶\n\nA *cup*.', locale: 'en' });
    const stats = await renderPoolStats();
    expect(stats.workers).toBeGreaterThan(0);
    expect(stats.rss).toBeGreaterThan(10 * 2 ** 20);
    expect(stats.heapUsed).toBeGreaterThan(0);
    expect(stats.cpuMicros).toBeGreaterThan(0);
  }, 60_000);

  it('cuts a text into the Markdown blocks the translation memory cuts, in a worker', async () => {
    const markdown = '## 茶\n\n第一段。第二句。\n\n- 一\n- 二\n\n```ts\nconst a = 1;\n```\n\n> 引用\n';
    const blocks = await markdownBlocksInWorker(markdown);
    expect(blocks.map((block) => block.kind)).toEqual(['h', 'p', 'ul', 'pre', 'blockquote']);
    expect(blocks).toEqual(markdownBlocks(markdown));
  }, 60_000);

  it('refuses a text that outlives its budget, and the next text renders as usual', async () => {
    // A table of 30,000 rows takes seconds; a budget of 50 ms cannot hold it.
    const slow = '| a | b |\n|---|---|\n' + '| x | y |\n'.repeat(30_000);
    const started = performance.now();
    const refused = renderInWorker({ markdown: slow, locale: 'en' }, 50);
    await expect(refused).rejects.toBeInstanceOf(RenderTimeoutError);
    // It ran twice, the second time in a fresh worker (a busy machine must not refuse an
    // ordinary text): two budgets at least before the refusal.
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    await expect(refused).rejects.toMatchObject({ status: 400, reason: 'render-timeout', fields: { body: [expect.any(String)] } });
    expect((await renderInWorker({ markdown: 'after *that*', locale: 'en' })).html).toBe('<p>after <em>that</em></p>');
  }, 60_000);

  it('refuses the texts with the reason when its workers cannot start, rather than starting workers for ever', async () => {
    await closeRenderPool();
    const broken = join(mkdtempSync(join(tmpdir(), 'duet-render-')), 'duet-render-worker.mjs');
    writeFileSync(broken, "throw new Error('the worker bundle is incomplete');\n");
    vi.stubEnv('DUET_RENDER_WORKER_FILE', broken);
    try {
      const texts = [renderInWorker({ markdown: 'one', locale: 'en' }), renderInWorker({ markdown: 'two', locale: 'zh' })];
      for (const text of texts) {
        await expect(text).rejects.toMatchObject({ status: 503, reason: 'render-unavailable', message: expect.stringContaining('the worker bundle is incomplete') });
      }
      expect(await renderPoolStats()).toMatchObject({ workers: 0, queued: 0 });
      // The next text tries again, and is refused again in the same way.
      await expect(renderInWorker({ markdown: 'three', locale: 'en' })).rejects.toMatchObject({ reason: 'render-unavailable' });
    } finally {
      vi.unstubAllEnvs();
      await closeRenderPool();
    }
    expect((await renderInWorker({ markdown: 'after *that*', locale: 'en' })).html).toBe('<p>after <em>that</em></p>');
  }, 60_000);

  it('survives a worker that dies during a job, and runs the job once more in a fresh one', async () => {
    // A stand-in worker that dies at once (as on V8's abort, without leaving a core file) on
    // its first job and answers in the next process; the server's process must not go with it.
    await closeRenderPool();
    const dir = mkdtempSync(join(tmpdir(), 'duet-render-'));
    const stub = join(dir, 'duet-render-worker.mjs');
    writeFileSync(
      stub,
      `import { existsSync, writeFileSync } from 'node:fs';
const marker = ${JSON.stringify(join(dir, 'crashed'))};
process.on('message', ({ id }) => {
  if (!existsSync(marker)) { writeFileSync(marker, ''); process.kill(process.pid, 'SIGKILL'); }
  process.send({ id, result: { html: 'second worker', pid: process.pid } });
});
process.send({ ready: true });
`,
    );
    vi.stubEnv('DUET_RENDER_WORKER_FILE', stub);
    try {
      const result = (await renderInWorker({ markdown: 'crash once', locale: 'en' })) as unknown as { html: string; pid: number };
      expect(result.html).toBe('second worker');
      expect(result.pid).not.toBe(process.pid);
    } finally {
      vi.unstubAllEnvs();
      await closeRenderPool();
    }
  }, 60_000);

  it('leaves this thread free while a long text renders', async () => {
    // Long enough to take a second or more; its own wide budget, since this is about the
    // thread, not the time (a loaded machine outran the default budget).
    const long = '- item with *emphasis*\n'.repeat(8_000);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    const started = performance.now();
    await renderInWorker({ markdown: long, locale: 'en' }, 120_000);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // The timer kept firing through the render: at least half the ticks it could have.
    expect(ticks).toBeGreaterThan(elapsed / 10 / 2);
  }, 60_000);

  it('allows a budget that grows with the length of the text', () => {
    expect(renderBudgetMs(200_000)).toBeGreaterThan(renderBudgetMs(10_000));
    expect(renderBudgetMs(0)).toBeGreaterThan(0);
  });

  it('adds to the budget by the formula, up to a cap, so math-dense texts render and dollar padding buys little', () => {
    // Three dollars make one pair; each \( and \[ counts: an upper bound, prices included.
    expect(countFormulaDelimiters('$a$ and \\(b\\) and \\[c\\], costs $5')).toBe(3);
    expect(countFormulaDelimiters('$'.repeat(1_000_000))).toBe(1000);
    expect(renderBudgetMs(5_000, 500)).toBeGreaterThanOrEqual(renderBudgetMs(5_000) + 2_000);
    expect(renderBudgetMs(5_000, 1_000_000)).toBe(renderBudgetMs(5_000, 1_000));
  });

  it('renders 500 formulas in 5 KB within the budget it gives them', async () => {
    const markdown = Array.from({ length: 500 }, (_, i) => `$x_{${i}}$`).join(' ');
    const doc = await renderInWorker({ markdown, locale: 'en' });
    expect(doc.html.match(/class="katex"/g)).toHaveLength(500);
  }, 60_000);
});
