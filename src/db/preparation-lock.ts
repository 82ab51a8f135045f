// Lets several Duet instances that boot together on one empty PostgreSQL database migrate
// and seed it once: whoever takes this advisory lock first does the work, the others wait
// for it and then find nothing left to do. SQLite has one writer and Duet one process on
// it, so there the work simply runs.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './schema';

/**
 * The lock's key is the pair (preparationLockClass, hashtext(current_schema())): the first
 * half says "Duet preparing a database" ('Duet' in ASCII), the second which schema, so a
 * second Duet (or a parallel test file) in another schema of the same database never waits
 * for this one. Kysely's own migration lock, taken inside, is one fixed key for every
 * schema, but is held only while the migrations run.
 */
export const preparationLockClass = 0x44756574;

/**
 * Runs `work` holding the preparation lock. A session lock on a connection of its own,
 * so `work` keeps the whole pool; if this process dies, PostgreSQL ends the session and
 * the lock goes with it, and the next instance takes over.
 */
export async function withPreparationLock<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db as Kysely<unknown>)) return work();
  return db.connection().execute(async (connection) => {
    const key = sql`${sql.lit(preparationLockClass)}, hashtext(current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    let failed = false;
    try {
      return await work();
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      // After a failure (say, the connection dropped) the unlock may fail too: report the first.
      await sql`select pg_advisory_unlock(${key})`.execute(connection).catch((error: unknown) => {
        if (!failed) throw error;
      });
    }
  });
}
