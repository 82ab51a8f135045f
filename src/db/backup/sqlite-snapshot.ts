// The SQLite side of a backup: a consistent copy of DATA_DIR/duet.db taken while the
// server keeps writing, the migrations that copy has, and a check of a restored file.
//
// VACUUM INTO rather than the online backup API: it reads inside one read transaction, so
// under WAL it sees a single moment of the database and never blocks or waits on writers;
// the backup API restarts whenever another connection writes, so under steady writes it
// may never finish. The copy is also compact (no free pages) and has no -wal beside it.
import SqliteDatabase from 'better-sqlite3';

/** The database's name in DATA_DIR (src/db/client.ts). */
export const sqliteFileName = 'duet.db';

/** Writes a consistent copy of `source` to `into`, which must not exist yet. */
export function snapshotSqlite(source: string, into: string): void {
  const db = new SqliteDatabase(source, { fileMustExist: true });
  try {
    // A writer's commit can hold the lock briefly while the read transaction starts.
    db.pragma('busy_timeout = 5000');
    db.prepare('vacuum into ?').run(into);
  } finally {
    db.close();
  }
}

/** The migrations recorded in a database file, by name; empty when it was never migrated. */
export function readSqliteMigrations(file: string): string[] {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!table) return [];
    return db.prepare('select name from kysely_migration order by name').pluck().all() as string[];
  } finally {
    db.close();
  }
}

/** Null when SQLite finds the file sound, else what it reported (first lines). */
export function checkSqliteFile(file: string): string | null {
  let db: SqliteDatabase.Database | undefined;
  try {
    db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    const lines = db.prepare('pragma quick_check').pluck().all() as string[];
    return lines.length === 1 && lines[0] === 'ok' ? null : lines.slice(0, 3).join('; ');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}
