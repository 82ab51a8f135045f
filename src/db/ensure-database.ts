// Makes the database ready before the server's first query: migrate, then seed the demo
// magazine when there is no content yet, so `npm start` on a fresh clone shows a site.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { dataDir } from '@/server/revalidate-token';
import { getDatabase } from './client';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';
import { seedDemo } from './seed-demo';

// One run per database instance (a closed and reopened database gets its own), kept on
// globalThis for the same reason as the instance itself: Next may load this module more
// than once, and every copy must share the one run.
const globalKey = Symbol.for('duet.ensureDatabase');
type Runs = WeakMap<Kysely<Database>, Promise<void>>;
type GlobalWithRuns = typeof globalThis & { [globalKey]?: Runs };

/** Idempotent and safe to call concurrently: every caller awaits the same run. */
export function ensureDatabase(): Promise<void> {
  const store = globalThis as GlobalWithRuns;
  const runs = (store[globalKey] ??= new WeakMap());
  const db = getDatabase();
  let run = runs.get(db);
  if (!run) {
    run = prepare(db).catch((error: unknown) => {
      // Forget a failed run so the next request tries again (say, once PostgreSQL is up).
      runs.delete(db);
      throw error;
    });
    runs.set(db, run);
  }
  return run;
}

async function prepare(db: Kysely<Database>): Promise<void> {
  await migrateToLatest(db);
  const demoDir = join(process.cwd(), 'demo');
  // A deployment may ship without demo/; an empty site is better than one that cannot start.
  if (existsSync(demoDir)) await seedDemo(db, { dataDir: dataDir(), demoDir });
}
