// Route handlers and server modules reach the database through getDatabase(); a test that
// calls them directly makes its own test database the process's one, already prepared.
import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema';

const databaseKey = Symbol.for('duet.database');
const ensuredKey = Symbol.for('duet.ensureDatabase');

export function useAsGlobalDatabase(db: Kysely<Database>): void {
  const store = globalThis as Record<symbol, unknown>;
  store[databaseKey] = db;
  const runs = (store[ensuredKey] ??= new WeakMap()) as WeakMap<Kysely<Database>, Promise<void>>;
  runs.set(db, Promise.resolve());
}

/** Leaves nothing behind for the next file: the test closes its database itself. */
export function forgetGlobalDatabase(): void {
  (globalThis as Record<symbol, unknown>)[databaseKey] = undefined;
}
