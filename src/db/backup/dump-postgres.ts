// A logical dump of Duet's PostgreSQL tables through the driver, for `duet backup`: every
// table's rows, with every value as PostgreSQL's own text form (so timestamps keep their
// microseconds, tsvectors their weights, and a restore parses each value with the
// column's type). All tables are read inside one REPEATABLE READ, READ ONLY transaction:
// one snapshot, so a save committing mid-dump is either wholly in the backup or not at all.
import { sql, type Kysely, type Transaction } from 'kysely';
import { listAppliedMigrations, listTables, type CatalogTable } from './postgres-catalog';

/** One row: the values in the table's column order, as text; null stays null. */
export type DumpedRow = Array<string | null>;

export interface DumpedTable {
  name: string;
  columns: string[];
  rows: number;
}

export interface PostgresDump {
  tables: DumpedTable[];
  /** The migrations the snapshot had applied, by name. */
  migrations: string[];
}

/** Called once per table, in name order, with its rows; resolves once it consumed them all. */
export type TableConsumer = (table: CatalogTable, rows: AsyncIterable<DumpedRow>) => Promise<void>;

/** Rows fetched per round trip: long texts (body, html, blocks) make a row tens of KB, so a few MB a trip. */
const fetchSize = 100;

export async function dumpPostgres(db: Kysely<unknown>, consume: TableConsumer): Promise<PostgresDump> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      // Settings that decide how values are written as text: unambiguous dates in UTC,
      // floats that read back exactly. Local to this transaction.
      await sql`set local datestyle = 'ISO, YMD'`.execute(trx);
      await sql`set local timezone = 'UTC'`.execute(trx);
      await sql`set local intervalstyle = 'postgres'`.execute(trx);
      await sql`set local extra_float_digits = 3`.execute(trx);
      const migrations = await listAppliedMigrations(trx);
      const tables: DumpedTable[] = [];
      for (const table of await listTables(trx)) {
        const counted = { rows: 0 };
        await consume(table, readRows(trx, table, counted));
        tables.push({ name: table.name, columns: table.columns.map((c) => c.name), rows: counted.rows });
      }
      return { tables, migrations };
    });
}

/**
 * A table's rows through a server-side cursor: the whole table is never in memory, and
 * unlike keyset paging it needs no primary key and costs one pass.
 */
async function* readRows(trx: Transaction<unknown>, table: CatalogTable, counted: { rows: number }): AsyncGenerator<DumpedRow> {
  const columns = sql.join(table.columns.map((column, i) => sql`${sql.id(column.name)}::text as ${sql.id(`c${i}`)}`));
  await sql`declare duet_backup_rows no scroll cursor for select ${columns} from ${sql.id(table.name)}`.execute(trx);
  try {
    for (;;) {
      const { rows } = await sql<Record<string, string | null>>`fetch forward ${sql.raw(String(fetchSize))} from duet_backup_rows`.execute(trx);
      for (const row of rows) {
        counted.rows += 1;
        yield table.columns.map((_, i) => row[`c${i}`] ?? null);
      }
      if (rows.length < fetchSize) return;
    }
  } finally {
    // After a failed fetch the transaction is aborted and rolls back, closing the cursor
    // anyway; that first error is the one worth reporting.
    await sql`close duet_backup_rows`.execute(trx).catch(() => undefined);
  }
}
