// After a start, brings the Studio list's summary rows up to date in the background, a
// batch at a time, so the first editor after an upgrade (the migration marks every post
// stale) or a large import does not wait for all of them. The list refreshes whatever is
// left before it reads, so this only moves the work off an editor's request.
import { getDatabase } from '@/db/client';
import { analyzeStudioList, bulkRefresh, refreshStudioList } from '@/db/repositories/studio-list';
import { ensureDatabase } from '@/server/ensure-database';

const batch = 500;

/** Returns how many posts were refreshed. */
export async function refreshStudioListInBackground(): Promise<number> {
  await ensureDatabase();
  let total = 0;
  for (;;) {
    const refreshed = await refreshStudioList(getDatabase(), batch);
    total += refreshed;
    if (refreshed < batch) {
      if (total >= bulkRefresh) await analyzeStudioList(getDatabase());
      return total;
    }
    // Readers' requests go first between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
