// SQLite as Duet uses it: a transaction that writes takes the database's write lock when
// it begins (BEGIN IMMEDIATE), not at its first write. In WAL mode a transaction that
// began by reading and then writes while another process (the server beside an import,
// the command line beside the server) holds the lock, or has written since it read, gets
// SQLITE_BUSY at once: busy_timeout cannot help, since waiting could deadlock. Taking the
// lock first makes it wait its turn (busy_timeout) instead. A read-only transaction (a
// backup's snapshot, inReadSnapshot) begins as a plain read and blocks no writer.
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig, type TransactionSettings } from 'kysely';

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
