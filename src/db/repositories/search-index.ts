// Keeps the search index in step with content. The content writer calls reindexPost
// inside the transaction of every save, so a post and its index entries change
// together; rebuildSearchIndex refills the whole index (benchmarks, or after the
// tokenizer changes). Only live texts are indexed (what readers see, never a draft);
// whether the post itself is visible (published, its time come) is checked when searching.
import { sql, type Kysely } from 'kysely';
import { excerptOrDerived } from '@/core/content/derive-excerpt';
import { buildSearchDocument, type SearchDocument } from '@/core/search/search-document';
import { isPostgres } from '../dialect';
import type { Database } from '../schema';
import { unpackPlainText, unpackText, type StoredText } from '../stored-text';
import { liveBody } from './live-body';
import type { SearchTables } from './search-tables';

type Db = Kysely<Database>;

interface IndexableTranslation {
  id: number;
  post_id: number;
  locale: string;
  title: string;
  excerpt: string;
  derived_excerpt: string | null;
  /** The Markdown, read only when there is no plain text (below). */
  body: StoredText | null;
  /** The plain text, packed against the HTML (stored-text.ts). */
  html: StoredText | null;
  body_text: StoredText | null;
}

const insertBatch = 50;
const rebuildBatch = 500;

/** Replaces the index entries of one post by those of its published translations. */
export async function reindexPost(db: Db, postId: number): Promise<void> {
  await db.withTables<SearchTables>().deleteFrom('search_documents').where('post_id', '=', postId).execute();
  await indexPosts(db, [postId]);
}

/** Empties the index and indexes every published translation again, in one transaction. */
export async function rebuildSearchIndex(db: Db): Promise<{ documents: number }> {
  const run = async (trx: Db) => {
    const search = trx.withTables<SearchTables>();
    if (!isPostgres(trx as Kysely<unknown>)) await sql`insert into search_fts(search_fts) values ('delete-all')`.execute(trx);
    await search.deleteFrom('search_documents').execute();
    const ids = (await trx.selectFrom('posts').select('id').orderBy('id').execute()).map((row) => row.id);
    let documents = 0;
    for (let i = 0; i < ids.length; i += rebuildBatch) documents += await indexPosts(trx, ids.slice(i, i + rebuildBatch));
    return { documents };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

async function indexPosts(db: Db, postIds: number[]): Promise<number> {
  if (postIds.length === 0) return 0;
  const [translations, tags, authors] = await Promise.all([
    db
      .selectFrom('live_translations')
      .select(['translation_id as id', 'post_id', 'locale', 'title', 'excerpt', 'derived_excerpt', 'html', 'body_text'])
      .select((eb) => eb.case().when('body_text', 'is', null).then(liveBody()).end().as('body'))
      .where('post_id', 'in', postIds)
      .orderBy('translation_id')
      .execute(),
    db
      .selectFrom('post_tags')
      .innerJoin('tag_texts', 'tag_texts.tag_id', 'post_tags.tag_id')
      .select(['post_tags.post_id', 'tag_texts.locale', 'tag_texts.name'])
      .where('post_tags.post_id', 'in', postIds)
      .execute(),
    db
      .selectFrom('post_authors')
      .innerJoin('author_texts', 'author_texts.author_id', 'post_authors.author_id')
      .select(['post_authors.post_id', 'author_texts.locale', 'author_texts.name'])
      .where('post_authors.post_id', 'in', postIds)
      .orderBy('post_authors.position')
      .execute(),
  ]);
  const names = new Map<string, string[]>();
  for (const row of [...tags, ...authors]) {
    const key = `${row.post_id}:${row.locale}`;
    names.set(key, [...(names.get(key) ?? []), row.name]);
  }
  for (let i = 0; i < translations.length; i += insertBatch) {
    await writeDocuments(db, translations.slice(i, i + insertBatch), names);
  }
  return translations.length;
}

async function writeDocuments(db: Db, translations: IndexableTranslation[], names: Map<string, string[]>): Promise<void> {
  const search = db.withTables<SearchTables>();
  const documents = translations.map((t) => {
    // A text saved before renders were stored has no plain text until the start-up
    // refresh renders it (server/render/refresh-renders.ts); its raw Markdown stands in
    // rather than being parsed here, inside a request's transaction.
    const bodyText = unpackPlainText(t.body_text, t.html) ?? unpackText(t.body) ?? '';
    const excerpt = excerptOrDerived(t.excerpt, t.derived_excerpt);
    const doc = buildSearchDocument({ title: t.title, excerpt, body: bodyText, bodyText, names: names.get(`${t.post_id}:${t.locale}`) ?? [] });
    // The plain text is not kept here: a hit's snippet is cut from the live text's own.
    return { row: { translation_id: t.id, post_id: t.post_id, locale: t.locale }, doc };
  });
  if (isPostgres(db as Kysely<unknown>)) {
    await search
      .insertInto('search_documents')
      .values(documents.map(({ row, doc }) => ({ ...row, ...postgresVectors(doc) })))
      .execute();
    return;
  }
  await search.insertInto('search_documents').values(documents.map(({ row }) => row)).execute();
  await search
    .insertInto('search_fts')
    .values(
      documents.map(({ row, doc }) => ({
        rowid: row.translation_id,
        title: doc.titleTokens,
        excerpt: doc.excerptTokens,
        names: doc.namesTokens,
        body: doc.bodyTokens,
        lang: row.locale,
      })),
    )
    .execute();
}

/**
 * A document's vectors. `tsv`, all of it, is only matched (`@@` through its GIN index, with
 * plain terms joined by & and |), which needs neither positions nor weights, so it is
 * stored stripped of both: a third of its size. `head` (title A, excerpt and names B)
 * keeps its weights: ranking reads it.
 */
function postgresVectors(doc: SearchDocument) {
  const weighted = (tokens: string, weight: 'A' | 'B') => sql`setweight(to_tsvector('simple', ${tokens}), ${sql.lit(weight)})`;
  const excerptAndNames = `${doc.excerptTokens} ${doc.namesTokens}`;
  return {
    tsv: sql`strip(to_tsvector('simple', ${`${doc.titleTokens} ${excerptAndNames} ${doc.bodyTokens}`}))`,
    head: sql`${weighted(doc.titleTokens, 'A')} || ${weighted(excerptAndNames, 'B')}`,
  };
}
