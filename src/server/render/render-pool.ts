// Renders Markdown off the request thread, within a time budget. The Markdown parser is
// faster than linear on some shapes of text (thousands of unmatched emphasis marks,
// setext headings in a row, nested brackets); rather than trust every construct, each
// job runs in a worker thread that is terminated when the job outlives its budget, and
// the caller gets RenderTimeoutError (a 400 the Studio explains). The server's own
// thread never parses Markdown, so health checks and readers never wait on a render.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CopiedText, CopyOptions } from '@/core/copy-elsewhere/copy-html';
import type { RenderDocumentInput, RenderedDocument } from '@/core/markdown/render-document';
import type { MarkdownBlock } from '@/core/translation/segments';
import type { WorkerTask } from './render-worker';
import { AppError } from '@/core/errors/app-error';
import { logger } from '@/server/logger';
import { renderWorkerFile } from './render-worker-file';

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

/** Jobs waiting beyond this many are refused (503) rather than queued without end. */
const maxQueued = 64;

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

interface Job {
  id: number;
  task: WorkerTask;
  budgetMs: number;
  /** The error a caller gets when the job outlives its budget. */
  overBudget: () => Error;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
  /** Set when the job already outlived its budget once and runs again. */
  retried?: boolean;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

type Reply = { ready: true } | { id: number; result: unknown } | { id: number; error: string };

/** Workers that stopped before they were ready, in a row, after which the waiting texts are refused. */
const maxStartFailures = 3;

function spawnWorker(): Worker {
  const [file, options] = renderWorkerFile();
  // Constructed indirectly: Turbopack treats a literal `new Worker(path)` as an entry to
  // bundle at build time, before this file exists (and would copy the .ts source).
  return Reflect.construct(Worker, [file, options]) as Worker;
}

class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  /** Workers in a row that stopped before they were ready, and why the last one did. */
  private startFailures = 0;
  private startError: unknown = null;

  constructor(private readonly size: number) {}

  run(task: WorkerTask, budgetMs: number, overBudget: () => Error): Promise<unknown> {
    if (this.queue.length >= maxQueued) {
      return Promise.reject(new AppError('UNAVAILABLE', 'The server is busy formatting other texts. Try again in a moment.', { reason: 'render-busy' }));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, budgetMs, overBudget, resolve, reject });
      this.dispatch();
    });
  }

  /** Starts every worker now, so the first save after a start does not wait for one. */
  warm(): void {
    while (this.slots.length < this.size) this.start();
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.ready && !s.job);
      if (!slot) {
        // Start another worker if there is room; the job waits for a 'ready' either way.
        if (this.slots.length >= this.size || this.slots.some((s) => !s.ready)) return;
        if (this.startFailures >= maxStartFailures) return this.refuseQueued();
        this.start();
        continue;
      }
      const job = this.queue.shift()!;
      slot.job = job;
      // The budget starts when the worker has the text, not while it waits in line.
      slot.timer = setTimeout(() => this.fail(slot, job.overBudget(), true), job.budgetMs);
      slot.worker.postMessage({ id: job.id, task: job.task });
    }
  }

  private start(): void {
    const slot: Slot = { worker: spawnWorker(), ready: false, job: null, timer: null };
    slot.worker.unref();
    slot.worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        slot.ready = true;
        this.startFailures = 0;
      } else if (slot.job && reply.id === slot.job.id) {
        const job = slot.job;
        this.finish(slot);
        if ('result' in reply) job.resolve(reply.result);
        else job.reject(new AppError('INTERNAL', `Rendering failed: ${reply.error}`));
      }
      this.dispatch();
    });
    slot.worker.on('error', (error) => {
      logger.error({ err: error }, 'render worker failed');
      if (!slot.ready) this.startError = error;
      this.fail(slot, new AppError('INTERNAL', 'The formatter stopped unexpectedly.', { cause: error }), false);
    });
    slot.worker.on('exit', () => this.fail(slot, new AppError('INTERNAL', 'The formatter stopped unexpectedly.'), false));
    this.slots.push(slot);
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  /** Ends a slot's job with `error`, retires the worker, and lets another take its place. */
  private fail(slot: Slot, error: unknown, terminate: boolean): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    if (!slot.ready) this.startFailures += 1;
    const job = slot.job;
    this.finish(slot);
    if (terminate) void slot.worker.terminate();
    if (job && terminate && !job.retried) {
      // A budget is wall-clock time: on a machine busy with other work an ordinary text can
      // outlive it. It runs once more, first in line, in a fresh worker with the same
      // budget; a text that is slow in itself is refused after that (two budgets in all).
      logger.warn({ chars: job.task.kind === 'render' ? job.task.input.markdown.length : 0, budgetMs: job.budgetMs }, 'job over budget; worker replaced, trying once more');
      this.queue.unshift({ ...job, retried: true });
    } else if (job) {
      if (isRenderTimeout(error)) logger.warn({ chars: job.task.kind === 'render' ? job.task.input.markdown.length : 0, budgetMs: job.budgetMs }, 'render over budget again; refused');
      job.reject(error);
    }
    this.dispatch();
  }

  /**
   * Workers keep stopping before they are ready (a bundle missing or broken): the texts
   * waiting are refused with the reason rather than waiting while worker after worker
   * starts and stops. The next text tries again.
   */
  private refuseQueued(): void {
    const reason = this.startError instanceof Error ? this.startError.message : 'it stopped before it was ready';
    logger.error({ err: this.startError, failures: this.startFailures }, 'render workers cannot start; refusing the texts waiting for them');
    this.startFailures = 0;
    this.startError = null;
    for (const job of this.queue.splice(0)) {
      job.reject(new AppError('UNAVAILABLE', `The formatter could not start (${reason.slice(0, 300)}). Try again in a moment; if it persists, the server's installation is incomplete.`, { reason: 'render-unavailable' }));
    }
  }

  /** Each worker's JavaScript heap: threads of this process, so their memory is in its RSS but not in its heapUsed. */
  async stats(): Promise<{ workers: number; queued: number; heapUsed: number; heapTotal: number; external: number }> {
    const heaps = await Promise.all(this.slots.map((slot) => slot.worker.getHeapStatistics().catch(() => null)));
    const sum = (pick: (h: NonNullable<(typeof heaps)[number]>) => number) => heaps.reduce((total, h) => total + (h ? pick(h) : 0), 0);
    return { workers: this.slots.length, queued: this.queue.length, heapUsed: sum((h) => h.used_heap_size), heapTotal: sum((h) => h.total_heap_size), external: sum((h) => h.external_memory) };
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    for (const job of this.queue.splice(0)) job.reject(new AppError('UNAVAILABLE', 'The formatter is shutting down.'));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }
}

const globalKey = Symbol.for('duet.renderPool');
type GlobalWithPool = typeof globalThis & { [globalKey]?: RenderPool };

function pool(): RenderPool {
  const store = globalThis as GlobalWithPool;
  store[globalKey] ??= new RenderPool(Number(process.env.DUET_RENDER_WORKERS) || Math.max(1, Math.min(4, availableParallelism())));
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
export async function renderPoolStats(): Promise<{ workers: number; queued: number; heapUsed: number; heapTotal: number; external: number }> {
  const current = (globalThis as GlobalWithPool)[globalKey];
  return current ? current.stats() : { workers: 0, queued: 0, heapUsed: 0, heapTotal: 0, external: 0 };
}

/** Stops the workers (tests, CLI commands that want to exit at once). */
export async function closeRenderPool(): Promise<void> {
  const store = globalThis as GlobalWithPool;
  const current = store[globalKey];
  store[globalKey] = undefined;
  await current?.close();
}
