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
