// Where SQLite and PostgreSQL differ, asked in one place. Kysely keeps the dialect
// internal; the placeholder style is its one public trace: PostgreSQL numbers
// parameters ($1), SQLite uses `?`.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's builder, a transaction's too
export function isPostgres(db: Kysely<any>): boolean {
  return sql`${0}`.compile(db).sql === '$1';
}
