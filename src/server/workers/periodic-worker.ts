// A background worker of this process, started once with the server (src/instrumentation.ts):
// it runs `tick` every `intervalMs` and at once when woken after something was queued;
// runs never overlap, a wake during a run makes one more. With several instances each runs
// one: the queue's claim hands every item to one of them. `prune`, if given, runs about once
// an hour after a tick. The state lives on globalThis: Next bundles a module once for route
// handlers and once for server actions, and both must wake the same worker.
import { ensureDatabase } from '@/server/ensure-database';
import { logger } from '@/server/logger';

export interface PeriodicWorker {
  /** Starts the worker; a second call in this process does nothing. */
  start(): void;
  /** Something was just queued: run now rather than at the next tick. Returns at once, never throws. */
  wake(): void;
}

interface State {
  running: boolean;
  again: boolean;
  prunedAt: number;
}

const pruneEveryMs = 60 * 60 * 1000;

export function periodicWorker(options: {
  name: string;
  intervalMs: number;
  /** What a failed run logs (it is tried again at the next tick). */
  failure: string;
  tick: () => Promise<unknown>;
  prune?: () => Promise<unknown>;
}): PeriodicWorker {
  const key = Symbol.for(`duet.${options.name}`);
  const store = globalThis as typeof globalThis & { [key: symbol]: State | undefined };

  async function run(state: State): Promise<void> {
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        await ensureDatabase();
        await options.tick();
        if (options.prune && Date.now() - state.prunedAt > pruneEveryMs) {
          state.prunedAt = Date.now();
          await options.prune();
        }
      } while (state.again);
    } catch (error) {
      logger.error({ err: error }, options.failure);
    } finally {
      state.running = false;
    }
  }

  return {
    start() {
      if (store[key]) return;
      const state: State = { running: false, again: false, prunedAt: 0 };
      store[key] = state;
      setInterval(() => void run(state), options.intervalMs).unref();
      void run(state);
    },
    wake() {
      const state = store[key];
      if (state) setImmediate(() => void run(state));
    },
  };
}
