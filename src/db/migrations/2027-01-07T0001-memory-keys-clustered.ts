// The translation memory's key index as one B-tree (#27, SQLite): `translation_memory_keys`
// was a rowid table with a (key, unit_id) primary key, so SQLite stored every row twice,
// once in the table and once in the key's automatic index: 17.5 and 18.2 KB of the 97 KB a
// post of distinct texts took. As a WITHOUT ROWID table its rows are the primary key's
// B-tree, stored once, in key order (the lookup reads keys in order anyway). The table is
// rebuilt in the migration's transaction (new table, rows copied in key order, old dropped,
// new renamed, its unit index made again); a table already without rowid is left as it is,
// so it is safe to rerun. PostgreSQL has no such layout and is left as it is.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'translation_memory_keys'`.execute(db);
  if (!rows[0] || /without\s+rowid/i.test(rows[0].sql)) return;
  await sql`drop table if exists translation_memory_keys_clustered`.execute(db);
  await sql`
    create table translation_memory_keys_clustered (
      key text not null,
      unit_id integer not null references translation_memory_units (id) on delete cascade,
      constraint translation_memory_keys_pk primary key (key, unit_id)
    ) without rowid`.execute(db);
  await sql`insert into translation_memory_keys_clustered (key, unit_id) select key, unit_id from translation_memory_keys order by key, unit_id`.execute(db);
  await sql`drop table translation_memory_keys`.execute(db);
  await sql`alter table translation_memory_keys_clustered rename to translation_memory_keys`.execute(db);
  await sql`create index if not exists translation_memory_keys_unit_idx on translation_memory_keys (unit_id)`.execute(db);
}

/** Nothing to undo: the version before reads and writes the table alike, whatever its layout. */
export async function down(): Promise<void> {}
