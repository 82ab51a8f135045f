// The one column whose SQL differs between our two databases: an auto-incrementing
// integer primary key (`serial` on PostgreSQL, `integer primary key autoincrement` on
// SQLite). Migrations call this instead of branching on the dialect themselves.
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Kysely keeps the dialect internal; the placeholder style is its one public trace:
 * PostgreSQL numbers parameters ($1), SQLite uses `?`.
 */
export function isPostgres(db: Kysely<unknown>): boolean {
  return sql`${0}`.compile(db).sql === '$1';
}

export function addIdColumn<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
