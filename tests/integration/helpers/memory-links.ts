// The memory's links in whichever layout the database has now (db/repositories/memory-links.ts):
// PostgreSQL's array a post since 2027-01-11T0001-memory-post-units, a row a link before it
// and on SQLite. For tests that read or undo links directly.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '@/db/dialect';
import { columnsOf } from '@/db/migrations/columns-of';
import type { Database } from '@/db/schema';

/** Whether the links are PostgreSQL's arrays (the table of rows gone). */
export async function linksAreArrays(db: Kysely<Database>): Promise<boolean> {
  return isPostgres(db) && (await columnsOf(db as never, 'translation_memory_post_units')).length > 0;
}

/** Every link, (post, unit), ordered by post then unit. */
export async function allLinks(db: Kysely<Database>): Promise<Array<{ post_id: number; unit_id: number }>> {
  if (await linksAreArrays(db)) {
    const { rows } = await sql<{ post_id: number; unit_id: number }>`
      select p.post_id, u.unit_id from translation_memory_post_units p cross join lateral unnest(p.unit_ids) as u(unit_id)
      order by 1, 2`.execute(db);
    return rows;
  }
  return db.selectFrom('translation_memory_links').select(['post_id', 'unit_id']).orderBy('post_id').orderBy('unit_id').execute();
}

/** Every link gone. */
export async function deleteAllLinks(db: Kysely<Database>): Promise<void> {
  if (await linksAreArrays(db)) await sql`delete from translation_memory_post_units`.execute(db);
  else await db.deleteFrom('translation_memory_links').execute();
}

/** No post holds `unitId` any more. */
export async function unlinkUnit(db: Kysely<Database>, unitId: number): Promise<void> {
  if (await linksAreArrays(db)) await sql`update translation_memory_post_units set unit_ids = array_remove(unit_ids, ${unitId}::integer) where unit_ids @> array[${unitId}::integer]`.execute(db);
  else await db.deleteFrom('translation_memory_links').where('unit_id', '=', unitId).execute();
}
