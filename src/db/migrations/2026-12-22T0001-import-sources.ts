// Where imported things came from: (source kind, entity, source id) → the Duet row made
// from it, so running an import again creates nothing twice and the report can say
// "already imported".
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_sources')
    .ifNotExists()
    .addColumn('source_kind', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('duet_id', 'integer', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_sources_pk', ['source_kind', 'entity', 'source_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_sources').ifExists().execute();
}
