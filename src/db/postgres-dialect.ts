// PostgreSQL as Duet uses it: one schema per site (the first of search_path). Kysely's own
// introspection, which its Migrator runs before every migration, reads every column of
// every table of every schema and calls pg_get_serial_sequence on each by name; a second
// Duet, or a test suite, migrating another schema at that moment renames or drops a column
// between the catalog read and that call, and the scan fails ("column … does not exist").
// This introspector looks at this schema only.
import { PostgresDialect, sql, type DatabaseIntrospector, type DatabaseMetadata, type DatabaseMetadataOptions, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

const kyselyTables = new Set(['kysely_migration', 'kysely_migration_lock']);

class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows.filter((r) => r.name !== null);
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{ schema: string; table: string; type: string; column: string; data_type: string; nullable: string; has_default: boolean }>`
      select c.table_schema as schema, c.table_name as table, t.table_type as type, c.column_name as column,
             c.udt_name as data_type, c.is_nullable as nullable, (c.column_default is not null) as has_default
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema()
      order by c.table_name, c.ordinal_position`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && kyselyTables.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.type === 'VIEW', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({ name: row.column, dataType: row.data_type, isNullable: row.nullable === 'YES', isAutoIncrementing: false, hasDefaultValue: row.has_default });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
