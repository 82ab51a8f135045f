// Scheduled publishing without a cron service: the server checks for due translations
// every 15 seconds (and at the exact time of the next one), publishes them, and drops
// the cached pages through the same token-authenticated call the CLI uses, since a timer
// runs outside any request in which Next would let us revalidate directly. Every instance
// runs one; runDue claims each due text atomically, so with several instances on one
// PostgreSQL a text is published once, and only the instance that published it follows up
// (server/after-publication.ts).
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { createPublishingRepository, type PublishingRepository } from '@/db/repositories/publishing-repository';
import { afterPublication } from '@/server/after-publication';
import { markdownBlocksInWorker } from '@/server/render/render-pool';
import { renderWithMedia } from '@/server/render/render-with-media';
import { logger } from '@/server/logger';
import { revalidateOverHttp } from '@/server/revalidate-over-http';
import { siteUrl } from '@/core/config/site-url';
import { setSchedulerWake } from './scheduler-signal';

const globalKey = Symbol.for('duet.scheduler');
type State = { interval?: NodeJS.Timeout; timeout?: NodeJS.Timeout; origin: string; intervalMs: number };

/**
 * How often each instance looks for due texts: 15 s, or DUET_SCHEDULER_INTERVAL_MS (at
 * least 100). The tests shorten it, so waiting past "the next tick" costs them a second,
 * not fifteen; a site has no reason to change it.
 */
export function schedulerIntervalMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.DUET_SCHEDULER_INTERVAL_MS);
  return Number.isInteger(value) && value >= 100 ? value : 15_000;
}
type GlobalWithScheduler = typeof globalThis & { [globalKey]?: State };

const publishing = () => createPublishingRepository(getDatabase(), renderWithMedia, { siteOrigin: siteUrl().origin, cut: markdownBlocksInWorker });

export async function runDuePublications(origin: string, now = new Date()): Promise<number[]> {
  await ensureDatabase();
  return publishAndRevalidate(publishing(), () => revalidateOverHttp(origin), now);
}

/**
 * One run: publishes what is due and follows up once for all of it. A text that fails is
 * logged and stays scheduled; the others still go out and are revalidated (a throw here
 * would leave their pages stale, since they are no longer due).
 */
export async function publishAndRevalidate(repo: Pick<PublishingRepository, 'runDue'>, revalidate: () => Promise<void>, now = new Date()): Promise<number[]> {
  const { postIds, events } = await repo.runDue(now, ({ translationId, postId, error }) => {
    logger.error({ err: error, translation: translationId, post: postId }, 'a scheduled translation could not be published; it stays scheduled');
  });
  if (postIds.length > 0) logger.info({ posts: postIds }, 'published scheduled translations');
  await afterPublication(events, { revalidate });
  return postIds;
}

async function tick(state: State): Promise<void> {
  try {
    const ranAt = new Date();
    await runDuePublications(state.origin, ranAt);
    // Not one that was due at this run and is still there: it was passed over (it failed,
    // or another instance holds it), and the interval tries again rather than a timer spinning.
    const next = await publishing().nextDue(ranAt);
    clearTimeout(state.timeout);
    if (next) {
      const wait = next.getTime() - Date.now();
      // Within the next interval: wake exactly then (plus a little, so it is due).
      if (wait < state.intervalMs) state.timeout = setTimeout(() => void tick(state), Math.max(0, wait) + 50);
    }
  } catch (error) {
    logger.error({ err: error }, 'scheduled publishing failed; retrying at the next tick');
  }
}

/** Started once per server process (src/instrumentation.ts). */
export function startScheduler(origin: string): void {
  const store = globalThis as GlobalWithScheduler;
  if (store[globalKey]) return;
  const state: State = { origin, intervalMs: schedulerIntervalMs() };
  store[globalKey] = state;
  state.interval = setInterval(() => void tick(state), state.intervalMs);
  state.interval.unref();
  setSchedulerWake(() => void tick(state));
  void tick(state);
}
