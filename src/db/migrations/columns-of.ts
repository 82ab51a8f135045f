// Which columns a table has, in this database's own schema only. Kysely's introspection
// lists the tables of every schema; a second Duet (or a test suite) in another schema of the
// same PostgreSQL database would otherwise make a migration believe a column it lacks exists.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

export async function columnsOf(db: Kysely<unknown>, table: string): Promise<string[]> {
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const tables = await db.introspection.getTables();
  const found = tables.find((t) => t.name === table && (schema === undefined || t.schema === schema));
  return found?.columns.map((c) => c.name) ?? [];
}
