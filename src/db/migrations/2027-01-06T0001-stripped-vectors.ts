// Stripped search vectors (#27, PostgreSQL): `search_documents.tsv` is only matched, never
// ranked (ranking reads `head`), and a match of plain terms needs neither the positions
// nor the weights each lexeme carried: 14.9 KB of the 62.7 KB a bilingual post took. Each
// vector is replaced by strip(tsv), 200 rows a batch by translation id; stripping a
// stripped vector changes nothing, so it is safe to rerun. SQLite's FTS5 index is another
// table and stays as it is.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

const batch = 200;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number }>`
      select translation_id as id from search_documents
      where translation_id > ${after} order by translation_id limit ${batch}`.execute(db);
    if (rows.length === 0) return;
    const last = Number(rows[rows.length - 1]!.id);
    await sql`
      update search_documents set tsv = strip(tsv)
      where translation_id > ${after} and translation_id <= ${last} and tsv <> strip(tsv)`.execute(db);
    after = last;
  }
}

/** Nothing to put back: the version before only matches `tsv`, which a stripped vector does alike. */
export async function down(): Promise<void> {}
