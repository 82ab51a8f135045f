// The one column whose SQL differs between our two databases: an auto-incrementing
// integer primary key (`serial` on PostgreSQL, `integer primary key autoincrement` on
// SQLite). Migrations call this instead of branching on the dialect themselves.
import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// Landed migrations import the dialect test from here; migrations are not edited.
export { isPostgres };

export function addIdColumn<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
