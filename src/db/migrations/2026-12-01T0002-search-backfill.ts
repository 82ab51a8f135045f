// Fills the search index (previous migration) for the content a database already holds;
// from here on the content writer keeps it in step. Data only. Its SQL is its own, frozen
// with the schema of 2026-12-01, rather than the repository's, which may follow a later
// schema; the tokens come from core/search, the same code every later save uses.
// Safe to rerun: it empties the index first.
import { sql, type Kysely } from 'kysely';
import { buildSearchDocument } from '@/core/search/search-document';
import { isPostgres } from './add-id-column';

interface TranslationRow {
  id: number;
  post_id: number;
  locale: string;
  title: string;
  excerpt: string;
  body: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  if (!postgres) await sql`insert into search_fts(search_fts) values ('delete-all')`.execute(db);
  await sql`delete from search_documents`.execute(db);

  const names = new Map<string, string[]>();
  const { rows: nameRows } = await sql<{ post_id: number; locale: string; name: string }>`
    select pt.post_id, tt.locale, tt.name from post_tags pt join tag_texts tt on tt.tag_id = pt.tag_id
    union all
    select pa.post_id, at.locale, at.name from post_authors pa join author_texts at on at.author_id = pa.author_id`.execute(db);
  for (const row of nameRows) names.set(`${row.post_id}:${row.locale}`, [...(names.get(`${row.post_id}:${row.locale}`) ?? []), row.name]);

  // 200 translations at a time: a large site's bodies need not all sit in memory at once.
  let after = 0;
  for (;;) {
    const { rows } = await sql<TranslationRow>`
      select id, post_id, locale, title, excerpt, body from post_translations
      where state = 'published' and id > ${after} order by id limit 200`.execute(db);
    if (rows.length === 0) break;
    for (const t of rows) {
      const doc = buildSearchDocument({ ...t, names: names.get(`${t.post_id}:${t.locale}`) ?? [] });
      if (postgres) {
        const excerptAndNames = `${doc.excerptTokens} ${doc.namesTokens}`;
        await sql`insert into search_documents (translation_id, post_id, locale, body_text, tsv, head)
          values (${t.id}, ${t.post_id}, ${t.locale}, ${doc.bodyText},
            setweight(to_tsvector('simple', ${doc.titleTokens}), 'A')
              || setweight(to_tsvector('simple', ${excerptAndNames}), 'B')
              || setweight(to_tsvector('simple', ${doc.bodyTokens}), 'C'),
            setweight(to_tsvector('simple', ${doc.titleTokens}), 'A')
              || setweight(to_tsvector('simple', ${excerptAndNames}), 'B'))`.execute(db);
      } else {
        await sql`insert into search_documents (translation_id, post_id, locale, body_text)
          values (${t.id}, ${t.post_id}, ${t.locale}, ${doc.bodyText})`.execute(db);
        await sql`insert into search_fts (rowid, title, excerpt, names, body, lang)
          values (${t.id}, ${doc.titleTokens}, ${doc.excerptTokens}, ${doc.namesTokens}, ${doc.bodyTokens}, ${t.locale})`.execute(db);
      }
    }
    after = rows.at(-1)!.id;
  }
}

export async function down(): Promise<void> {
  // Nothing to undo: the index's rows go with its tables in the previous migration's down.
}
