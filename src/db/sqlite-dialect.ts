// SQLite as Duet uses it: a transaction that writes takes the database's write lock when
// it begins (BEGIN IMMEDIATE), not at its first write. In WAL mode a transaction that
// began by reading and then writes while another process (the server beside an import,
// the command line beside the server) holds the lock, or has written since it read, gets
// SQLITE_BUSY at once: busy_timeout cannot help, since waiting could deadlock. Taking the
// lock first makes it wait its turn (busy_timeout) instead. A read-only transaction (a
// backup's snapshot, inReadSnapshot) begins as a plain read and blocks no writer.
//
// Its statements are prepared once per SQL text (cachingStatements below).
import type BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase, type SqliteDialectConfig, type TransactionSettings } from 'kysely';

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(settings?.accessMode === 'read only' ? 'begin' : 'begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

/** Statements kept per database: Duet's queries have a few hundred SQL texts in all. */
const cachedStatements = 500;

/**
 * The database as Kysely sees it, preparing each SQL text once and reusing the statement
 * (least recently used first out). Kysely prepares a statement for every query, and
 * better-sqlite3 frees a statement's native memory (some 2 KB) only when the event loop
 * turns after the garbage collector found it unreachable: a long run of queries awaited
 * one after another (an import's, a rebuild's) never turns it, and grew the process by
 * hundreds of megabytes (docs/performance.md, "Prepared statements"). A statement still
 * being iterated (a streamed query) is busy, so another is prepared beside it.
 */
export function cachingStatements(database: BetterSqlite3.Database, size = cachedStatements): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached?.busy) return database.prepare(sql);
      const statement = cached ?? database.prepare(sql);
      statements.delete(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
