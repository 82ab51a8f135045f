// Makes the database ready before the server's first query: migrate, then seed the demo
// magazine when there is no content yet, so `npm start` on a fresh clone shows a site.
// Several instances booting together on one PostgreSQL do this once, under a lock.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Renderer } from '@/core/markdown/render-document';
import { dataDir } from '@/core/config/data-dir';
import { getDatabase, type Db } from '@/db/client';
import { migrateToLatest, pendingMigrations } from '@/db/migrate';
import { withPreparationLock } from '@/db/preparation-lock';
import { seedDemo } from './demo/seed-demo';
import { logger } from './logger';

// One run per database instance (a closed and reopened database gets its own), kept on
// globalThis for the same reason as the instance itself: Next may load this module more
// than once, and every copy must share the one run.
const globalKey = Symbol.for('duet.ensureDatabase');
type Runs = WeakMap<Db, Promise<void>>;
type GlobalWithRuns = typeof globalThis & { [globalKey]?: Runs };

/** Idempotent and safe to call concurrently: every caller awaits the same run. */
export function ensureDatabase(): Promise<void> {
  const store = globalThis as GlobalWithRuns;
  const runs = (store[globalKey] ??= new WeakMap());
  const db = getDatabase();
  let run = runs.get(db);
  if (!run) {
    const prepared = prepareDatabase(db, { dataDir: dataDir(), demoDir: join(process.cwd(), 'demo') });
    run = prepared.then(
      () => undefined,
      (error: unknown) => {
        // Forget a failed run so the next request tries again (say, once PostgreSQL is up).
        runs.delete(db);
        throw error;
      },
    );
    runs.set(db, run);
  }
  return run;
}

export interface PreparationReport {
  /** Migrations this call applied. */
  applied: string[];
  /** Posts and pages this call seeded: 0 when the database had content. */
  seededPosts: number;
}

export interface PrepareOptions {
  /** Where the demo's media files are copied (DATA_DIR). */
  dataDir: string;
  /** The demo magazine; a deployment may ship without it. */
  demoDir: string;
  /** Renders the demo's texts; the worker pool unless told otherwise. */
  render?: Renderer;
}

/**
 * Migrates, then seeds the demo into an empty database. On PostgreSQL under the
 * preparation lock: instances that wait for it then find the schema current and the
 * posts there, so they neither migrate nor seed again.
 */
export async function prepareDatabase(db: Db, options: PrepareOptions): Promise<PreparationReport> {
  return withPreparationLock(db, async () => {
    // An upgrade's migrations may rewrite every row of a large site (a minute or more at
    // 100,000 posts: docs/performance.md), before the server answers: said, not silent.
    const { pending, total } = await pendingMigrations(db);
    const upgrade = pending.length > 0 && pending.length < total;
    const started = performance.now();
    if (upgrade) logger.info({ migrations: pending }, `updating the database: ${pending.length} of ${total} migrations to apply; a large site may take a few minutes`);
    const { applied } = await migrateToLatest(db);
    if (upgrade) logger.info({ migrations: applied }, `database updated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // An empty site is better than one that cannot start.
    const { posts } = existsSync(options.demoDir) ? await seedDemo(db, options) : { posts: 0 };
    return { applied, seededPosts: posts };
  });
}
