// Builds a large searchable site fast, for bench/search-common-word.ts, on SQLite or
// PostgreSQL: the demo seed, then copies of the demo's published posts — posts, draft
// and live translations and their search index entries — with their own ids, slugs,
// titles ("On typography and tea, number 812") and dates, written straight into the
// tables, until the site has N generated posts. Writing them through the repository
// would tokenize and render every copy (hours at 100,000 posts); the copies share their
// template's body tokens and differ by title, as bench/generate-posts.ts's posts do.
// What search never reads is left out of the copies to keep the files small: the live
// and draft bodies and their renderings (the index keeps each body's plain text, from
// which snippets are cut), revisions, tags and authors.
import { sql, type Kysely } from 'kysely';
import { buildSearchDocument } from '../src/core/search/search-document';
import { migrateToLatest } from '../src/db/migrate';
import { isPostgres } from '../src/db/dialect';
import type { Database } from '../src/db/schema';
import { unpackPlainText, unpackText } from '../src/db/stored-text';
import type { SearchTables } from '../src/db/repositories/search-tables';
import { seedDemo } from '../src/server/demo/seed-demo';
import { renderDocument } from '@/core/markdown/render-document';
import { closeRenderPool } from '@/server/render/render-pool';

type Db = Kysely<Database>;
type Row = Record<string, unknown>;

const zhWords = ['双语', '出版', '翻译', '排版', '字体', '搜索', '阅读', '写作', '城市', '茶', '编辑', '声音'];
const enWords = ['bilingual', 'publishing', 'translation', 'typography', 'fonts', 'search', 'reading', 'writing', 'city', 'tea', 'editing', 'voice'];
/** Copies are dated one a minute before this, the instant the bench searches at. */
export const benchNow = new Date('2030-01-01T00:00:00Z');
const batch = 200;

function titleOf(locale: string, i: number): string {
  const a = i % 12;
  const b = (i * 7 + 3) % 12;
  return locale === 'zh' ? `${zhWords[a]}与${zhWords[b]}：第 ${i} 篇` : `On ${enWords[a]} and ${enWords[b]}, number ${i}`;
}

interface Template {
  post: Row;
  translations: Array<{ draft: Row; live: Row; doc: ReturnType<typeof buildSearchDocument> }>;
}

async function readTemplates(db: Db): Promise<Template[]> {
  const posts = await db.selectFrom('posts').selectAll().where('status', '=', 'published').where('published_at', 'is not', null).orderBy('id').execute();
  const templates: Template[] = [];
  for (const post of posts) {
    const lives = await db.selectFrom('live_translations').selectAll().where('post_id', '=', post.id).orderBy('translation_id').execute();
    const translations = [];
    for (const live of lives) {
      const draft = await db.selectFrom('post_translations').selectAll().where('id', '=', live.translation_id).executeTakeFirstOrThrow();
      const indexed = await db.withTables<SearchTables>().selectFrom('search_documents').select('translation_id').where('translation_id', '=', live.translation_id).executeTakeFirst();
      if (!indexed) continue;
      // The index keeps no copy of the plain text (compact storage): the live row has it,
      // else its revision's Markdown (the live row's and the draft's body columns keep '').
      const revision = await db.selectFrom('revisions').select('body').where('id', '=', live.revision_id).executeTakeFirstOrThrow();
      const doc = buildSearchDocument({ title: '', excerpt: live.excerpt ?? '', body: '', bodyText: unpackPlainText(live.body_text, live.html) ?? unpackText(revision.body), names: [] });
      translations.push({ draft: draft as Row, live: live as Row, doc });
    }
    if (translations.length > 0) templates.push({ post: post as Row, translations });
  }
  return templates;
}

async function nextId(db: Db, table: 'posts' | 'post_translations'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0) + 1;
}

/** Writes copies `from`..`to` - 1 of the templates, in one transaction. */
async function copyBatch(trx: Db, templates: Template[], from: number, to: number, ids: { post: number; translation: number }, count: number): Promise<void> {
  const posts: Row[] = [];
  const drafts: Row[] = [];
  const lives: Row[] = [];
  const documents: Array<{ id: number; postId: number; template: number; titleTokens: string; doc: Template['translations'][number]['doc']; locale: string }> = [];
  for (let i = from; i < to; i++) {
    const t = templates[i % templates.length]!;
    const at = new Date(benchNow.getTime() - (count - i) * 60_000).toISOString();
    const postId = ids.post + i;
    posts.push({ ...t.post, id: postId, published_at: at, created_at: at, updated_at: at });
    t.translations.forEach(({ draft, live, doc }, k) => {
      const id = ids.translation + i * 2 + k;
      const locale = String(live.locale);
      const title = titleOf(locale, i);
      const slug = `${String(live.slug)}-${i}`;
      drafts.push({ ...draft, id, post_id: postId, slug, title, body: '', updated_at: at });
      lives.push({ ...live, translation_id: id, post_id: postId, slug, title, body: '', html: null, blocks: null, published_at: at, updated_at: at });
      const titleTokens = buildSearchDocument({ title, excerpt: '', body: '', bodyText: '', names: [] }).titleTokens;
      documents.push({ id, postId, template: Number(live.translation_id), titleTokens, doc, locale });
    });
  }
  await trx.insertInto('posts').values(posts as never).execute();
  await trx.insertInto('post_translations').values(drafts as never).execute();
  await trx.insertInto('live_translations').values(lives as never).execute();
  const search = trx.withTables<SearchTables>();
  if (isPostgres(trx as Kysely<unknown>)) {
    // The template's excerpt and body lexemes (weights B and C), under the copy's title.
    await sql`
      insert into search_documents (translation_id, post_id, locale, tsv, head)
      select v.id, v.post_id, s.locale,
        setweight(to_tsvector('simple', v.title), 'A') || ts_filter(s.tsv, '{b,c}'),
        setweight(to_tsvector('simple', v.title), 'A') || ts_filter(s.head, '{b}')
      from unnest(${documents.map((d) => d.id)}::int[], ${documents.map((d) => d.postId)}::int[], ${documents.map((d) => d.template)}::int[],
        ${documents.map((d) => d.titleTokens)}::text[]) as v(id, post_id, template, title)
      join search_documents s on s.translation_id = v.template`.execute(trx);
    return;
  }
  for (const d of documents) {
    await sql`insert into search_documents (translation_id, post_id, locale)
      select ${d.id}, ${d.postId}, locale from search_documents where translation_id = ${d.template}`.execute(trx);
  }
  await search
    .insertInto('search_fts')
    .values(documents.map((d) => ({ rowid: d.id, title: d.titleTokens, excerpt: d.doc.excerptTokens, names: '', body: d.doc.bodyTokens, lang: d.locale })))
    .execute();
}

/** Seeds the demo into an empty database and adds `count` copies of its posts. */
export async function buildSearchSite(db: Db, options: { dataDir: string; demoDir: string; count: number; log: (line: string) => void }): Promise<void> {
  await migrateToLatest(db);
  await seedDemo(db, { dataDir: options.dataDir, demoDir: options.demoDir, render: renderDocument });
  await closeRenderPool();
  const templates = await readTemplates(db);
  const ids = { post: (await nextId(db, 'posts')) + 1000, translation: (await nextId(db, 'post_translations')) + 1000 };
  const postgres = isPostgres(db as Kysely<unknown>);
  // An index built once at the end costs a fraction of one kept up to date row by row.
  if (postgres) await sql`drop index search_documents_tsv_idx`.execute(db);
  const started = performance.now();
  for (let from = 0; from < options.count; from += batch) {
    const to = Math.min(options.count, from + batch);
    await db.transaction().execute((trx) => copyBatch(trx, templates, from, to, ids, options.count));
    if (to % 10_000 === 0 || to === options.count) options.log(`  ${to}/${options.count} posts (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  if (postgres) {
    await sql`create index search_documents_tsv_idx on search_documents using gin (tsv)`.execute(db);
    await sql`analyze`.execute(db);
  } else {
    await sql`insert into search_fts(search_fts) values ('optimize')`.execute(db);
    await sql`analyze`.execute(db);
  }
}
