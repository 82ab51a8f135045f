// What a PostgreSQL backup needs to know about Duet's schema, read from the catalog rather
// than from a list in code, so a table added by a later migration (an import's, say) is
// backed up without anyone remembering to add it here. Everything is in the connection's
// current schema (the search_path of DATABASE_URL), which Duet owns.
import { sql, type Kysely } from 'kysely';

/** Kysely's own bookkeeping: restored by running the migrations, never copied. */
export const migrationTables = ['kysely_migration', 'kysely_migration_lock'];

export interface CatalogColumn {
  name: string;
  /** As format_type() writes it (e.g. `timestamp with time zone`): a restore casts text to it. */
  type: string;
}

export interface CatalogTable {
  name: string;
  columns: CatalogColumn[];
}

// Any Kysely instance or transaction: these queries name no table of the Database type.
type Executor = Kysely<unknown>;

/** Duet's tables in the current schema, by name, with their stored columns in order. */
export async function listTables(db: Executor): Promise<CatalogTable[]> {
  const { rows } = await sql<{ table_name: string; column_name: string; column_type: string }>`
    select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as column_type
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p')
      and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    order by c.relname, a.attnum`.execute(db);
  const tables = new Map<string, CatalogTable>();
  for (const row of rows) {
    if (migrationTables.includes(row.table_name)) continue;
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [] };
    table.columns.push({ name: row.column_name, type: row.column_type });
    tables.set(row.table_name, table);
  }
  return [...tables.values()];
}

/** Each foreign key as (table, the table it references), self-references left out. */
export async function listForeignKeys(db: Executor): Promise<Array<{ table: string; references: string }>> {
  const { rows } = await sql<{ table_name: string; referenced: string }>`
    select c.relname as table_name, r.relname as referenced
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class r on r.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = current_schema() and c.oid <> r.oid`.execute(db);
  return rows.map((row) => ({ table: row.table_name, references: row.referenced }));
}

/**
 * Table names ordered so every table comes after the tables it references, which is the
 * order a restore must insert in while the foreign keys are checked. Ties keep name order
 * so the order is the same on every run. Throws on a cycle: Duet's schema has none (the
 * translation ↔ revision pointers carry no foreign key for this very reason).
 */
export function orderByDependencies(tables: string[], keys: Array<{ table: string; references: string }>): string[] {
  const pending = new Map(tables.map((name) => [name, new Set<string>()]));
  for (const { table, references } of keys) {
    if (pending.has(table) && pending.has(references)) pending.get(table)!.add(references);
  }
  const ordered: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending.keys()].filter((name) => [...pending.get(name)!].every((dep) => !pending.has(dep))).sort();
    if (ready.length === 0) throw new Error(`The tables ${[...pending.keys()].join(', ')} reference each other in a cycle.`);
    for (const name of ready) {
      ordered.push(name);
      pending.delete(name);
    }
  }
  return ordered;
}

/** The first table (by name) that holds a row, or null when Duet's tables are all empty. */
export async function findTableWithRows(db: Executor): Promise<string | null> {
  for (const table of await listTables(db)) {
    const { rows } = await sql<{ found: number }>`select 1 as found from ${sql.id(table.name)} limit 1`.execute(db);
    if (rows.length > 0) return table.name;
  }
  return null;
}

/** Migration names recorded in the database; empty when it was never migrated. */
export async function listAppliedMigrations(db: Executor): Promise<string[]> {
  const { rows: exists } = await sql<{ found: number }>`
    select 1 as found from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname = 'kysely_migration'`.execute(db);
  if (exists.length === 0) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Other schemas of the database that hold a Duet (a kysely_migration table). Duet's
 * migrations look tables up across every schema, so beside another Duet they would skip
 * work they think is done; a restore refuses such a database.
 */
export async function listOtherDuetSchemas(db: Executor): Promise<string[]> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relname = 'kysely_migration' and c.relkind = 'r' and n.nspname <> current_schema()
    order by n.nspname`.execute(db);
  return rows.map((row) => row.schema);
}

/**
 * Moves every serial column's sequence past the largest restored id, so the next insert
 * does not collide with a restored row (inserting explicit ids leaves sequences untouched).
 */
export async function resetSequences(db: Executor): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string; sequence: string }>`
    select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
    from information_schema.columns
    where table_schema = current_schema() and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`.execute(db);
  for (const row of rows) {
    await sql`select setval(${row.sequence}::regclass, coalesce((select max(${sql.id(row.column_name)}) from ${sql.id(row.table_name)}), 0) + 1, false)`.execute(db);
  }
}
