// Renders Markdown off the request thread, within a time budget. The Markdown parser is
// faster than linear on some shapes of text (thousands of unmatched emphasis marks,
// setext headings in a row, nested brackets); rather than trust every construct, each
// job runs in a worker process that is killed when the job outlives its budget, and the
// caller gets RenderTimeoutError (a 400 the Studio explains). The server's own thread
// never parses Markdown, so health checks and readers never wait on a render.
//
// The workers and their pool: worker-pool.ts.
import { availableParallelism } from 'node:os';
import type { CopiedText, CopyOptions } from '@/core/copy-elsewhere/copy-html';
import type { RenderDocumentInput, RenderedDocument } from '@/core/markdown/render-document';
import type { MarkdownBlock } from '@/core/translation/segments';
import { AppError } from '@/core/errors/app-error';
import { WorkerPool, type WorkerPoolStats } from './worker-pool';

/**
 * A budget that grows linearly with the text: real articles render at a few
 * milliseconds per kilobyte (the longest, 200 KB, in about a second on a slow machine),
 * so only a text whose cost grows faster than its length runs out of it.
 */
export function renderBudgetMs(length: number, formulas = 0): number {
  const base = Number(process.env.DUET_RENDER_BASE_MS ?? 1500);
  const perKb = Number(process.env.DUET_RENDER_MS_PER_KB ?? 20);
  const perFormula = Number(process.env.DUET_RENDER_MS_PER_FORMULA ?? 4);
  return Math.round(base + (perKb * length) / 1024 + perFormula * Math.min(formulas, maxBudgetedFormulas));
}

/**
 * Math costs by the formula, not by the byte: KaTeX and its markup take a few
 * milliseconds each, so `$x_1$ $x_2$…` (500 formulas in 5 KB) needs more than its length
 * earns. Each formula adds to the budget, up to this many, so a text padded with dollar
 * signs cannot buy a worker for long.
 */
const maxBudgetedFormulas = 1000;

/** At most how many formulas a text can hold: every `$` pair, `\(` and `\[` (an overestimate, as prices count). */
export function countFormulaDelimiters(markdown: string): number {
  let dollars = 0;
  let brackets = 0;
  for (let at = markdown.indexOf('$'); at >= 0 && dollars < 2 * maxBudgetedFormulas; at = markdown.indexOf('$', at + 1)) dollars += 1;
  for (let at = markdown.indexOf('\\'); at >= 0 && brackets < maxBudgetedFormulas; at = markdown.indexOf('\\', at + 1)) {
    const next = markdown[at + 1];
    if (next === '(' || next === '[') brackets += 1;
  }
  return Math.floor(dollars / 2) + brackets;
}

export class RenderTimeoutError extends AppError {
  constructor(readonly budgetMs: number) {
    super('VALIDATION', `This text takes too long to format (over ${(budgetMs / 1000).toFixed(1)} s). Simplify its Markdown: a long run of *, _, ~, [ or = marks is the usual cause.`, {
      fields: { body: ['This text takes too long to format.'] },
      reason: 'render-timeout',
    });
  }
}

/** A RenderTimeoutError, whichever bundled copy of the pool made it (see AppError). */
export function isRenderTimeout(error: unknown): boolean {
  return error instanceof AppError && error.reason === 'render-timeout';
}

const globalKey = Symbol.for('duet.renderPool');
type GlobalWithPool = typeof globalThis & { [globalKey]?: WorkerPool };

function pool(): WorkerPool {
  const store = globalThis as GlobalWithPool;
  store[globalKey] ??= new WorkerPool(Number(process.env.DUET_RENDER_WORKERS) || Math.max(1, Math.min(4, availableParallelism())));
  return store[globalKey];
}

/** Renders a text in a worker; RenderTimeoutError when it outlives its budget. */
export function renderInWorker(input: RenderDocumentInput, budgetMs = renderBudgetMs(input.markdown.length, countFormulaDelimiters(input.markdown))): Promise<RenderedDocument> {
  return pool().run({ kind: 'render', input }, budgetMs, () => new RenderTimeoutError(budgetMs)) as Promise<RenderedDocument>;
}

/** A slice of the display font cut down to `codePoints` (WOFF2 bytes), made in a worker. */
export function subsetFontInWorker(file: string, codePoints: number[], budgetMs = 5000): Promise<Uint8Array> {
  const overBudget = () => new AppError('UNAVAILABLE', 'Preparing the font took too long.', { reason: 'font-timeout' });
  return pool().run({ kind: 'subset-font', file, codePoints }, budgetMs, overBudget) as Promise<Uint8Array>;
}

/**
 * A text's copy for another editor (core/copy-elsewhere), made in a worker: linear, but a
 * rendering of a few megabytes takes long enough to stall readers if made on this thread.
 * Its budget grows with the HTML as a render's does with the Markdown.
 */
export function copyForPasteInWorker(html: string, options: CopyOptions, budgetMs = renderBudgetMs(html.length)): Promise<CopiedText> {
  return pool().run({ kind: 'copy-for-paste', html, options }, budgetMs, () => new RenderTimeoutError(budgetMs)) as Promise<CopiedText>;
}

/** A text's top-level Markdown blocks (core/translation/segments), cut in a worker: the memory's rebuild. */
export function markdownBlocksInWorker(markdown: string, budgetMs = renderBudgetMs(markdown.length)): Promise<MarkdownBlock[]> {
  return pool().run({ kind: 'markdown-blocks', markdown }, budgetMs, () => new RenderTimeoutError(budgetMs)) as Promise<MarkdownBlock[]>;
}

/** Starts the workers ahead of the first text (called once at server start). */
export function warmRenderPool(): void {
  pool().warm();
}

/** The workers' count and heaps, for the internal stats route; none when the pool never started. */
export async function renderPoolStats(): Promise<WorkerPoolStats> {
  const current = (globalThis as GlobalWithPool)[globalKey];
  return current ? current.stats() : { workers: 0, queued: 0, heapUsed: 0, heapTotal: 0, external: 0, rss: 0, cpuMicros: 0 };
}

/** Stops the workers (tests, CLI commands that want to exit at once). */
export async function closeRenderPool(): Promise<void> {
  const store = globalThis as GlobalWithPool;
  const current = store[globalKey];
  store[globalKey] = undefined;
  await current?.close();
}
