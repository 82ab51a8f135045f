// Brings a database up to the latest schema. Used by the CLI (`duet migrate`), by
// ensureDatabase at server start, and by the tests.
import { Migrator, sql, type Kysely } from 'kysely';
import { migrationProvider } from './migrations';
import { isPostgres } from './dialect';
import type { Database } from './schema';

export interface MigrationReport {
  /** Migrations applied by this call, in order; empty when already up to date. */
  applied: string[];
}

/**
 * PostgreSQL: the schema Duet's tables live in (the first of search_path). Kysely looks for
 * its migration table in every schema unless told which; a second Duet (or a test) in
 * another schema of the same database would then make this one skip creating its own.
 */
async function currentSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!isPostgres(db as Kysely<unknown>)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

async function migratorOf(db: Kysely<Database>): Promise<Migrator> {
  return new Migrator({ db, provider: migrationProvider, migrationTableSchema: await currentSchema(db) });
}

/** The migrations `migrateToLatest` would apply, in order, and how many there are in all. */
export async function pendingMigrations(db: Kysely<Database>): Promise<{ pending: string[]; total: number }> {
  const all = await (await migratorOf(db)).getMigrations();
  return { pending: all.filter((m) => m.executedAt === undefined).map((m) => m.name), total: all.length };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationReport> {
  const migrator = await migratorOf(db);
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
