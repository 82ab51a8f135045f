// Brings the Studio list's summary rows up to date in the background, a batch at a time:
// after a start, and whenever a list request finds more stale posts than it refreshes
// itself (an upgrade marks every post stale, a large import thousands). One drain at a
// time in this process; while it runs, list requests refresh nothing themselves (they
// would only take the same rows) and show how far it has got.
import { getDatabase } from '@/db/client';
import { drainStudioList } from '@/db/repositories/studio-list-refresh';
import { ensureDatabase } from '@/server/ensure-database';
import { logger } from '@/server/logger';

let running: Promise<number> | null = null;

/** Whether a drain is at work in this process. */
export function isStudioListDraining(): boolean {
  return running !== null;
}

/** Starts a drain unless one runs; resolves to how many posts it refreshed. */
export function refreshStudioListInBackground(): Promise<number> {
  running ??= (async () => {
    try {
      await ensureDatabase();
      return await drainStudioList(getDatabase());
    } finally {
      running = null;
    }
  })();
  return running;
}

/** Starts a drain from a request without waiting for it; a failure is logged, and the next list request starts another. */
export function startStudioListDrain(): void {
  if (running) return;
  refreshStudioListInBackground().catch((error: unknown) => logger.error({ err: error }, 'refreshing the Studio list failed'));
}
