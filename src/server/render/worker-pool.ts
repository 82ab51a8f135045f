// The render pool's mechanics: worker processes, one job at a time each, a job's budget
// timed from when its worker has it, a job over budget (or whose worker died) run once
// more in a fresh worker, workers that cannot start refused rather than restarted for
// ever. What the jobs are and their budgets: render-pool.ts.
//
// Processes, not worker threads: the workers run WebAssembly (Shiki's Oniguruma,
// HarfBuzz), and V8 on Node 18 to 24 keeps one process-wide record of the pages of
// compiled code, which WebAssembly made and freed on threads that come and go can put out
// of step; the process then aborts (`Check failed: jit_page.has_value()`), with or without
// memory protection keys (seen in a CI run of the browser suite despite
// --no-memory-protection-keys; nodejs/node#64500). In a process of its own, a worker's
// WebAssembly can end no one's life but its own.
import { type ChildProcess, fork } from 'node:child_process';
import type { WorkerMessage, WorkerTask, WorkerUsage } from './render-worker';
import { AppError } from '@/core/errors/app-error';
import { codeProtectionFlag } from '@/server/deployment/code-protection';
import { logger } from '@/server/logger';
import { renderWorkerFile } from './render-worker-file';

/** Jobs waiting beyond this many are refused (503) rather than queued without end. */
const maxQueued = 64;

interface Job {
  id: number;
  task: WorkerTask;
  budgetMs: number;
  /** The error a caller gets when the job outlives its budget. */
  overBudget: () => Error;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
  /** Set when the job already outlived its budget (or lost its worker) once and runs again. */
  retried?: boolean;
}

interface Slot {
  worker: ChildProcess;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** The end of what the worker wrote to stderr: why it stopped, when it stops before it is ready. */
  stderrTail: string;
  /** Callers waiting for the worker's memory and CPU time. */
  usageWaiters: ((usage: WorkerUsage | null) => void)[];
}

export interface WorkerPoolStats {
  workers: number;
  queued: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  rss: number;
  /** CPU time (user and system, microseconds) the current workers used since they started. */
  cpuMicros: number;
}

type Reply = { ready: true } | { usage: WorkerUsage } | { id: number; result: unknown } | { id: number; error: string };

/** Workers that stopped before they were ready, in a row, after which the waiting texts are refused. */
const maxStartFailures = 3;

function spawnWorker(): ChildProcess {
  const [file, execArgv] = renderWorkerFile();
  // 'advanced' serialisation (V8's, as worker threads use) carries bytes and undefined as they are.
  return fork(file, [], { execArgv: [codeProtectionFlag, ...execArgv], serialization: 'advanced', stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
}

/** The error line of a worker's dying words (`Error: …`), or its last line. */
function stderrReason(tail: string): string | null {
  const lines = tail.split('\n').map((line) => line.trim()).filter(Boolean);
  return lines.find((line) => /^[A-Za-z]*Error\b/.test(line)) ?? lines.at(-1) ?? null;
}

export class WorkerPool {
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
    this.holdOpen();
  }

  private dispatch(): void {
    this.assign();
    this.holdOpen();
  }

  /**
   * While a text waits or renders, the workers' channels keep this process alive (a command
   * line awaiting its render would otherwise exit with the job unsettled); idle, they do
   * not, so an idle pool never keeps a finished command running.
   */
  private holdOpen(): void {
    const busy = this.queue.length > 0 || this.slots.some((slot) => slot.job);
    for (const slot of this.slots) {
      if (busy) slot.worker.channel?.ref();
      else slot.worker.channel?.unref();
    }
  }

  private assign(): void {
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
      slot.worker.send({ id: job.id, task: job.task } satisfies WorkerMessage);
    }
  }

  private start(): void {
    const slot: Slot = { worker: spawnWorker(), ready: false, job: null, timer: null, stderrTail: '', usageWaiters: [] };
    // The worker's life does not keep this process alive; its channel does while there is work (holdOpen).
    slot.worker.unref();
    slot.worker.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      slot.stderrTail = (slot.stderrTail + chunk.toString('utf8')).slice(-4096);
    });
    (slot.worker.stderr as { unref?: () => void } | null)?.unref?.();
    slot.worker.on('message', (reply: Reply) => {
      if ('usage' in reply) {
        for (const waiter of slot.usageWaiters.splice(0)) waiter(reply.usage);
        return;
      }
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
    // 'close', not 'exit': after stderr's last words are read.
    slot.worker.on('close', (code, signal) => {
      const reason = stderrReason(slot.stderrTail);
      if (!slot.ready && this.slots.includes(slot)) this.startError = new Error(reason ?? `the worker exited (${code ?? signal}) before it was ready`);
      if (this.slots.includes(slot)) logger.error({ code, signal, reason }, 'render worker stopped');
      // Its job, if any, runs once more in a fresh worker, as after a budget overrun.
      this.fail(slot, new AppError('INTERNAL', 'The formatter stopped unexpectedly.'), false, true);
    });
    this.slots.push(slot);
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  /**
   * Ends a slot's job with `error` (or, unless it ran once more already, queues it first in
   * line again), retires the worker (killed when `terminate`), and lets another take its place.
   */
  private fail(slot: Slot, error: unknown, terminate: boolean, retry = terminate): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    if (!slot.ready) this.startFailures += 1;
    const job = slot.job;
    this.finish(slot);
    for (const waiter of slot.usageWaiters.splice(0)) waiter(null);
    if (terminate) slot.worker.kill('SIGKILL');
    if (job && retry && !job.retried) {
      // A budget is wall-clock time: on a machine busy with other work an ordinary text can
      // outlive it. It runs once more, first in line, in a fresh worker with the same
      // budget; a text that is slow in itself is refused after that (two budgets in all).
      const why = terminate ? 'job over budget' : 'worker stopped during the job';
      logger.warn({ chars: job.task.kind === 'render' ? job.task.input.markdown.length : 0, budgetMs: job.budgetMs }, `${why}; worker replaced, trying once more`);
      this.queue.unshift({ ...job, retried: true });
    } else if (job) {
      if (terminate) logger.warn({ chars: job.task.kind === 'render' ? job.task.input.markdown.length : 0, budgetMs: job.budgetMs }, 'job over budget again; refused');
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

  /**
   * The workers' memory and CPU time, summed: processes of their own, so none of it is in
   * this process's RSS or cpuUsage(). A worker busy with a long text answers after it; one
   * that has not answered within a second counts as nothing.
   */
  async stats(): Promise<WorkerPoolStats> {
    const usages = await Promise.all(this.slots.map((slot) => this.usageOf(slot)));
    const sum = (pick: (usage: WorkerUsage) => number) => usages.reduce((total, usage) => total + (usage ? pick(usage) : 0), 0);
    return {
      workers: this.slots.length,
      queued: this.queue.length,
      heapUsed: sum((u) => u.memory.heapUsed),
      heapTotal: sum((u) => u.memory.heapTotal),
      external: sum((u) => u.memory.external),
      rss: sum((u) => u.memory.rss),
      cpuMicros: sum((u) => u.cpu.user + u.cpu.system),
    };
  }

  private usageOf(slot: Slot): Promise<WorkerUsage | null> {
    if (!slot.ready || !slot.worker.connected) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), 1000);
      slot.usageWaiters.push((usage) => {
        clearTimeout(timer);
        resolve(usage);
      });
      slot.worker.send({ usage: true } satisfies WorkerMessage);
    });
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    for (const job of this.queue.splice(0)) job.reject(new AppError('UNAVAILABLE', 'The formatter is shutting down.'));
    await Promise.all(
      slots.map((slot) => {
        this.finish(slot);
        if (slot.worker.exitCode !== null || slot.worker.signalCode !== null) return undefined;
        const exited = new Promise((resolve) => slot.worker.once('exit', resolve));
        // Held open until it has gone: a command line awaiting this would otherwise end first.
        slot.worker.ref();
        slot.worker.kill('SIGKILL');
        return exited;
      }),
    );
  }
}
