// Every use of an API key is logged: at once as a log line, and in the database (where the
// Studio shows it) in batches every two seconds, so a busy key costs one write per batch
// rather than one per request. At most two seconds of the database log can be lost in a
// crash; the log lines are not.
import { getDatabase } from '@/db/client';
import { createApiKeysRepository, type ApiKeyUseRow } from '@/db/repositories/api-keys';
import { logger } from '@/server/logger';

const flushMs = 2_000;
const maxBuffered = 5_000;
const keepDays = 30;
const pruneEveryMs = 10 * 60_000;

const state: { buffer: ApiKeyUseRow[]; timer?: NodeJS.Timeout; flushing?: Promise<void>; prunedAt: number; dropped: number } = {
  buffer: [],
  prunedAt: 0,
  dropped: 0,
};

export function recordKeyUse(use: ApiKeyUseRow): void {
  logger.info({ apiKey: use.keyId, method: use.method, path: use.path, status: use.status, ip: use.ip, requestId: use.requestId }, 'api key used');
  if (state.buffer.length >= maxBuffered) {
    // The database is behind; the log line above still records this use.
    state.dropped += 1;
    return;
  }
  state.buffer.push(use);
  if (!state.timer) {
    state.timer = setTimeout(() => void flushKeyUses(), flushMs);
    state.timer.unref();
  }
}

/** Writes what is buffered now (tests call it instead of waiting for the timer). */
export async function flushKeyUses(): Promise<void> {
  clearTimeout(state.timer);
  state.timer = undefined;
  await state.flushing;
  const batch = state.buffer.splice(0);
  if (batch.length === 0) return;
  const repo = createApiKeysRepository(getDatabase());
  state.flushing = (async () => {
    try {
      await repo.recordUses(batch);
      if (state.dropped > 0) logger.warn({ dropped: state.dropped }, 'API key uses were logged but not stored: the database was behind');
      state.dropped = 0;
      if (Date.now() - state.prunedAt > pruneEveryMs) {
        state.prunedAt = Date.now();
        await repo.pruneUses(new Date(Date.now() - keepDays * 86_400_000));
      }
    } catch (error) {
      logger.error({ err: error, uses: batch.length }, 'API key uses could not be stored');
    }
  })();
  await state.flushing;
}
