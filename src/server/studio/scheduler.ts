// Scheduled publishing without a cron service: the server checks for due translations
// every 15 seconds (and at the exact time of the next one), publishes them, and drops
// the cached pages through the same token-authenticated call the CLI uses, since a timer
// runs outside any request in which Next would let us revalidate directly.
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/db/ensure-database';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';
import { renderWithMedia } from '@/server/render/render-with-media';
import { logger } from '@/server/logger';
import { revalidateOverHttp } from '@/server/revalidate-over-http';

const intervalMs = 15_000;
const globalKey = Symbol.for('duet.scheduler');
type State = { interval?: NodeJS.Timeout; timeout?: NodeJS.Timeout; origin: string };
type GlobalWithScheduler = typeof globalThis & { [globalKey]?: State };

const publishing = () => createPublishingRepository(getDatabase(), renderWithMedia);

export async function runDuePublications(origin: string, now = new Date()): Promise<number[]> {
  await ensureDatabase();
  const published = await publishing().publishDue(now);
  if (published.length > 0) {
    logger.info({ posts: published }, 'published scheduled translations');
    await revalidateOverHttp(origin);
  }
  return published;
}

async function tick(state: State): Promise<void> {
  try {
    await runDuePublications(state.origin);
    const next = await publishing().nextDue();
    clearTimeout(state.timeout);
    if (next) {
      const wait = next.getTime() - Date.now();
      // Within the next interval: wake exactly then (plus a little, so it is due).
      if (wait < intervalMs) state.timeout = setTimeout(() => void tick(state), Math.max(0, wait) + 50);
    }
  } catch (error) {
    logger.error({ err: error }, 'scheduled publishing failed; retrying at the next tick');
  }
}

/** Started once per server process (src/instrumentation.ts). */
export function startScheduler(origin: string): void {
  const store = globalThis as GlobalWithScheduler;
  if (store[globalKey]) return;
  const state: State = { origin };
  store[globalKey] = state;
  state.interval = setInterval(() => void tick(state), intervalMs);
  state.interval.unref();
  void tick(state);
}

/** A schedule was just set: look again now, so a time within seconds is met. */
export function wakeScheduler(): void {
  const state = (globalThis as GlobalWithScheduler)[globalKey];
  if (state) void tick(state);
}
