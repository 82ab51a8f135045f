// Loads a dump made by dump-postgres.ts into an empty PostgreSQL database, for `duet
// restore`: the schema comes from Duet's own migrations (run up to the backup's last one),
// then every table's rows go in, in foreign-key order, inside one transaction, so a
// failure half-way (a row that does not fit, an entry that fails its checksum at the end
// of its stream) leaves the tables empty again.
import { Migrator, sql, type Kysely, type Transaction } from 'kysely';
import { AppError } from '@/core/errors/app-error';
import { migrationProvider } from '../migrations';
import type { DumpedRow, DumpedTable } from './dump-postgres';
import { listForeignKeys, listTables, orderByDependencies, resetSequences, type CatalogTable } from './postgres-catalog';

/** Gives a table's rows from the backup, as parsed (checked here); called once per table, in insert order. */
export type RowSource = (table: DumpedTable) => AsyncIterable<unknown>;

/** Inserted per statement: bounded by rows and by text, whichever fills first. */
const batchRows = 500;
const batchChars = 2 * 1024 * 1024;

/** Brings the schema to exactly `lastMigration`, the newest one the backup had. */
export async function migratePostgresTo(db: Kysely<unknown>, lastMigration: string): Promise<void> {
  // Named explicitly: without a schema, Kysely's Migrator takes a kysely_migration table in
  // any other schema of the database (another Duet's) for this one's and then fails to find it.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: rows[0]!.schema });
  const { error, results = [] } = await migrator.migrateTo(lastMigration);
  if (error === undefined) return;
  const failed = results.find((r) => r.status === 'Error');
  const reason = error instanceof Error ? error.message : String(error);
  throw new Error(`Preparing the schema failed${failed ? ` at migration ${failed.migrationName}` : ''}: ${reason}`, { cause: error });
}

export async function loadPostgres(db: Kysely<unknown>, tables: DumpedTable[], readRows: RowSource): Promise<{ rows: number }> {
  return db.transaction().execute(async (trx) => {
    const target = new Map((await listTables(trx)).map((table) => [table.name, table]));
    checkSameTables(target, tables);
    const dumped = new Map(tables.map((table) => [table.name, table]));
    let rows = 0;
    // The rows go in as they were backed up: triggers that derive rows from others (the
    // Studio list's stale marks) would add rows the backup never had.
    for (const name of target.keys()) await sql`alter table ${sql.id(name)} disable trigger user`.execute(trx);
    for (const name of orderByDependencies([...target.keys()], await listForeignKeys(trx))) {
      rows += await insertTable(trx, target.get(name)!, dumped.get(name)!, readRows);
    }
    for (const name of target.keys()) await sql`alter table ${sql.id(name)} enable trigger user`.execute(trx);
    await resetSequences(trx);
    return { rows };
  });
}

/** The backup must hold exactly the target's tables and columns; anything else is refused by name. */
function checkSameTables(target: Map<string, CatalogTable>, tables: DumpedTable[]): void {
  const refuse = (message: string) => new AppError('CONFLICT', `${message} The backup does not match this Duet's schema; nothing was restored.`, { reason: 'backup-schema-mismatch' });
  const names = new Set(tables.map((table) => table.name));
  const missing = [...target.keys()].filter((name) => !names.has(name));
  if (missing.length > 0) throw refuse(`The backup has no rows file for the table(s) ${missing.join(', ')}.`);
  for (const table of tables) {
    const existing = target.get(table.name);
    if (!existing) throw refuse(`The backup holds a table "${table.name}" that the database does not have.`);
    const want = existing.columns.map((c) => c.name).sort().join(',');
    if ([...table.columns].sort().join(',') !== want || new Set(table.columns).size !== table.columns.length) {
      throw refuse(`The table "${table.name}" has the columns (${table.columns.join(', ')}) in the backup but (${want}) here.`);
    }
  }
}

async function insertTable(trx: Transaction<unknown>, target: CatalogTable, dumped: DumpedTable, readRows: RowSource): Promise<number> {
  const types = new Map(target.columns.map((column) => [column.name, column.type]));
  const columns = sql.join(dumped.columns.map((name) => sql.id(name)));
  // Each value arrives as text and is cast to its column's type by PostgreSQL's own input
  // function: the inverse of the ::text the dump wrote it with. Types come from this
  // database's catalog, never from the archive.
  const values = sql.join(dumped.columns.map((name, i) => sql`(r ->> ${sql.raw(String(i))})::${sql.raw(types.get(name)!)}`));
  const insert = (batch: DumpedRow[]) =>
    sql`insert into ${sql.id(target.name)} (${columns}) select ${values} from json_array_elements(${JSON.stringify(batch)}::json) as r`.execute(trx);

  let batch: DumpedRow[] = [];
  let chars = 0;
  let count = 0;
  for await (const row of readRows(dumped)) {
    checkRow(row, dumped);
    batch.push(row);
    chars += row.reduce((sum, value) => sum + (value?.length ?? 0), 0);
    count += 1;
    if (batch.length >= batchRows || chars >= batchChars) {
      await insert(batch);
      batch = [];
      chars = 0;
    }
  }
  if (batch.length > 0) await insert(batch);
  if (count !== dumped.rows) throw new Error(`The table "${dumped.name}" has ${count} rows in the backup, but its manifest says ${dumped.rows}.`);
  return count;
}

function checkRow(row: unknown, table: DumpedTable): asserts row is DumpedRow {
  const isRow = Array.isArray(row) && row.length === table.columns.length && row.every((value) => value === null || typeof value === 'string');
  if (!isRow) throw new Error(`A row of the table "${table.name}" in the backup is not a list of ${table.columns.length} text values.`);
}
