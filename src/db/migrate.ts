// Brings a database up to the latest schema. Used by the CLI (`duet migrate`), by
// ensureDatabase at server start, and by the tests.
import { Migrator, type Kysely } from 'kysely';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export interface MigrationReport {
  /** Migrations applied by this call, in order; empty when already up to date. */
  applied: string[];
}

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationReport> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  // migrateToLatest never throws: it reports the failure in `error`.
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error !== undefined) {
    const which = failed ? `migration ${failed.migrationName} failed` : 'migrations could not run';
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database ${which}: ${reason}`, { cause: error });
  }
  return { applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
