// Which columns a table has, in this database's own schema only. Kysely's introspection
// reads every table of every schema: a second Duet (or a test suite) in another schema of
// the same PostgreSQL database would make a migration believe a column it lacks exists, and
// a schema dropped while that catalog scan runs fails it ("schema … does not exist"). So
// the catalog is asked about this one table, in this schema.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

export async function columnsOf(db: Kysely<unknown>, table: string): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ name: string }>`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db)
    : await sql<{ name: string }>`select name from pragma_table_info(${table}) order by cid`.execute(db);
  return rows.map((row) => row.name);
}

/** A column's type on PostgreSQL (`information_schema`'s `data_type`: 'text', 'bytea'…), in this schema; undefined when it has none. */
export async function columnTypeOf(db: Kysely<unknown>, table: string, column: string): Promise<string | undefined> {
  const { rows } = await sql<{ type: string }>`
    select data_type as type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`.execute(db);
  return rows[0]?.type;
}
