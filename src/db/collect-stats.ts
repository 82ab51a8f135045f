// Row counts for `duet stats`: how much is in each table, and how the translations split
// by language and state. Kept here because SQL lives only in src/db.
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export interface DatabaseStats {
  tables: Record<keyof Database, number>;
  /** e.g. { zh: { published: 12 }, en: { published: 11, draft: 1 } } */
  translations: Record<string, Record<string, number>>;
  /** Posts and pages by kind and status, e.g. { post: { published: 12 } }. */
  posts: Record<string, Record<string, number>>;
}

const tableNames: Array<keyof Database> = [
  'authors',
  'author_texts',
  'tags',
  'tag_texts',
  'media',
  'media_texts',
  'posts',
  'post_translations',
  'revisions',
  'post_authors',
  'post_tags',
  'post_media',
  'settings',
];

export async function collectStats(db: Kysely<Database>): Promise<DatabaseStats> {
  const tables = {} as DatabaseStats['tables'];
  for (const table of tableNames) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    tables[table] = Number(row.count);
  }

  const translationRows = await db
    .selectFrom('post_translations')
    .select((eb) => ['locale', 'state', eb.fn.countAll().as('count')])
    .groupBy(['locale', 'state'])
    .orderBy('locale')
    .orderBy('state')
    .execute();
  const postRows = await db
    .selectFrom('posts')
    .select((eb) => ['kind', 'status', eb.fn.countAll().as('count')])
    .groupBy(['kind', 'status'])
    .orderBy('kind')
    .orderBy('status')
    .execute();

  return {
    tables,
    translations: nest(translationRows.map((r) => [r.locale, r.state, r.count])),
    posts: nest(postRows.map((r) => [r.kind, r.status, r.count])),
  };
}

function nest(rows: Array<[string, string, string | number | bigint]>): Record<string, Record<string, number>> {
  const result: Record<string, Record<string, number>> = {};
  for (const [outer, inner, count] of rows) (result[outer] ??= {})[inner] = Number(count);
  return result;
}
