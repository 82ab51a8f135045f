// The translation memory's keys in each database's own inverted index (#27): a row per
// (key, unit) in `translation_memory_keys` was most of a real site's storage (71 of the
// 97 KB a post of distinct texts took on SQLite, 105 of 141 on PostgreSQL). Each unit's
// keys become the 32-bit hashes of core/translation/memory-units (memoryKeyHash):
// - SQLite: a contentless FTS5 table, one document of base-36 tokens per unit, and a
//   trigger that forgets a deleted unit's keys (a virtual table has no foreign keys);
// - PostgreSQL: `translation_memory_units.keys integer[]` under a GIN index.
// The keys are converted from the old table, a batch of units at a time, then the table is
// dropped; a site without it (converted already, or new) only gets what is missing, so
// it is safe to rerun. `down` makes the old table again from the units' source texts.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Locale } from '@/core/locales';
import { memoryKeyHash, memoryKeys } from '@/core/translation/memory-units';
import { isPostgres } from '../dialect';
import { keyTokens } from '../repositories/translation-memory-keys';

const unitsPerBatch = 2000;
const rowsPerInsert = 500;

async function hasKeysTable(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = isPostgres(db)
    ? await sql<{ found: boolean }>`select to_regclass('translation_memory_keys') is not null as found`.execute(db)
    : await sql<{ found: boolean }>`select count(*) > 0 as found from sqlite_master where type = 'table' and name = 'translation_memory_keys'`.execute(db);
  return Boolean(rows[0]?.found);
}

/** Calls `each` with every batch of units, in id order. */
async function forEachUnitBatch<T extends { id: number }>(db: Kysely<unknown>, columns: RawBuilder<unknown>, each: (units: T[]) => Promise<void>): Promise<void> {
  for (let after = 0; ; ) {
    const { rows } = await sql<T>`select ${columns} from translation_memory_units where id > ${after} order by id limit ${unitsPerBatch}`.execute(db);
    if (rows.length === 0) return;
    await each(rows);
    after = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  if (pg) {
    await sql`alter table translation_memory_units add column if not exists keys integer[] not null default '{}'`.execute(db);
  } else {
    await sql`create virtual table if not exists translation_memory_key_index using fts5(keys, content='', contentless_delete=1, detail=none, tokenize='ascii')`.execute(db);
    await sql`create trigger if not exists translation_memory_units_forget_keys after delete on translation_memory_units
      begin delete from translation_memory_key_index where rowid = old.id; end`.execute(db);
  }
  if (await hasKeysTable(db)) {
    await forEachUnitBatch<{ id: number }>(db, sql`id`, async (units) => {
      const first = units[0]!.id;
      const last = units[units.length - 1]!.id;
      const { rows } = await sql<{ unit_id: number; key: string }>`select unit_id, key from translation_memory_keys where unit_id >= ${first} and unit_id <= ${last}`.execute(db);
      const hashes = new Map<number, Set<number>>();
      for (const row of rows) {
        const set = hashes.get(row.unit_id) ?? new Set<number>();
        set.add(memoryKeyHash(row.key));
        hashes.set(row.unit_id, set);
      }
      const entries = [...hashes.entries()];
      for (let i = 0; i < entries.length; i += rowsPerInsert) {
        const part = entries.slice(i, i + rowsPerInsert);
        if (pg) {
          const values = sql.join(part.map(([id, set]) => sql`(${id}::integer, ${[...set]}::integer[])`));
          await sql`update translation_memory_units as u set keys = v.keys from (values ${values}) as v (id, keys) where u.id = v.id`.execute(db);
        } else {
          const values = sql.join(part.map(([id, set]) => sql`(${id}, ${keyTokens(set)})`));
          await sql`insert into translation_memory_key_index (rowid, keys) values ${values}`.execute(db);
        }
      }
    });
    await sql`drop table translation_memory_keys`.execute(db);
  }
  if (pg) await sql`create index if not exists translation_memory_units_keys_idx on translation_memory_units using gin (keys)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  if (!(await hasKeysTable(db))) {
    await sql`
      create table translation_memory_keys (
        key text not null,
        unit_id integer not null references translation_memory_units (id) on delete cascade,
        constraint translation_memory_keys_pk primary key (key, unit_id)
      ) ${pg ? sql`` : sql`without rowid`}`.execute(db);
    await sql`create index if not exists translation_memory_keys_unit_idx on translation_memory_keys (unit_id)`.execute(db);
    type Unit = { id: number; from_locale: Locale; to_locale: Locale; source_text: string };
    await forEachUnitBatch<Unit>(db, sql`id, from_locale, to_locale, source_text`, async (units) => {
      const rows = units.flatMap((unit) => [...new Set(memoryKeys(unit.source_text, unit.from_locale, unit.to_locale))].map((key) => sql`(${key}, ${unit.id})`));
      for (let i = 0; i < rows.length; i += rowsPerInsert) await sql`insert into translation_memory_keys (key, unit_id) values ${sql.join(rows.slice(i, i + rowsPerInsert))}`.execute(db);
    });
  }
  if (pg) {
    await sql`drop index if exists translation_memory_units_keys_idx`.execute(db);
    await sql`alter table translation_memory_units drop column if exists keys`.execute(db);
  } else {
    await sql`drop trigger if exists translation_memory_units_forget_keys`.execute(db);
    await sql`drop table if exists translation_memory_key_index`.execute(db);
  }
}
