// One transaction per write, or the caller's when it is already inside one (an import
// writes many posts in one). A constraint the database refuses becomes the AppError that
// names the field at fault. Above db/, these are the only ways to open a transaction.
import type { Kysely, Transaction } from 'kysely';
import { mapDatabaseError } from './map-database-error';
import type { Database } from './schema';

export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return db.isTransaction ? await work(db as Transaction<Database>) : await db.transaction().execute(work);
  } catch (error) {
    throw mapDatabaseError(error);
  }
}

/**
 * Reads in one consistent snapshot, writing nothing: what an export or a backup sees is
 * the site at one moment even while editors keep saving (PostgreSQL's repeatable read;
 * SQLite's transaction already is one snapshot).
 */
export function inReadSnapshot<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);
}

/**
 * Another writer held the database: SQLite's lock (SQLITE_BUSY, also when a read snapshot
 * went stale before the write) or PostgreSQL's serialization failure, deadlock or lock
 * timeout. The transaction was rolled back and may run again.
 */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || code === '40001' || code === '40P01' || code === '55P03');
}

const busyAttempts = 12;

/**
 * `inTransaction` for a long run of short writes beside people working (an import): when
 * another writer holds the database past its busy timeout, the whole transaction runs
 * again after a growing pause, so a busy moment never costs a write. `work` must start
 * from nothing each time (it is re-run from its first statement).
 */
export async function inRetriedTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>, onRetry?: (attempt: number, error: unknown) => void): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inTransaction(db, work);
    } catch (error) {
      if (!isBusyError(error) || attempt >= busyAttempts || db.isTransaction) throw error;
      onRetry?.(attempt, error);
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 25 * 2 ** attempt) * (0.5 + Math.random())));
    }
  }
}
