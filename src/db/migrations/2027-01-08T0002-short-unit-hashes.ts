// The translation memory's unit hashes cut to 22 characters (#27): a unit's identity is its
// direction and the hashes of its two texts (core/translation/memory-units, segmentHash),
// stored in the units' table and again in its identity index. The first 22 characters of
// the sha-256 in base64url (132 bits) are as unique for a site's millions of units and
// take half the bytes: some 3.5 KB a post of distinct texts. Rows with longer hashes are
// cut in place, so it is safe to rerun; `down` puts the whole hashes back from the texts.
import { sql, type Kysely } from 'kysely';
import { fullSegmentHash, segmentHashLength } from '@/core/translation/memory-units';
import { isPostgres } from '../dialect';

const unitsPerBatch = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update translation_memory_units
    set source_hash = substr(source_hash, 1, ${segmentHashLength}), target_hash = substr(target_hash, 1, ${segmentHashLength})
    where length(source_hash) > ${segmentHashLength} or length(target_hash) > ${segmentHashLength}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (let after = 0; ; ) {
    const { rows } = await sql<{ id: number; source_text: string; target_text: string }>`
      select id, source_text, target_text from translation_memory_units where id > ${after} order by id limit ${unitsPerBatch}`.execute(db);
    if (rows.length === 0) return;
    const values = sql.join(rows.map((row) => sql`(${pg ? sql`${row.id}::integer` : row.id}, ${fullSegmentHash(row.source_text)}, ${fullSegmentHash(row.target_text)})`));
    await sql`
      with v (id, source_hash, target_hash) as (values ${values})
      update translation_memory_units set source_hash = v.source_hash, target_hash = v.target_hash
      from v where translation_memory_units.id = v.id`.execute(db);
    after = rows[rows.length - 1]!.id;
  }
}
