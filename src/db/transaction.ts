// One transaction per write, or the caller's when it is already inside one (an import
// writes many posts in one). A constraint the database refuses becomes the AppError that
// names the field at fault.
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
