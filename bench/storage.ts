// What a bilingual post costs on disk: a fresh site of N posts of the demo's length
// (both languages published, written through the content repository, so every row, the
// search index and the translation memory are the ones Duet writes; each distinct body
// rendered once; the Studio list's queue drained, as a running server's background drain
// leaves it), then every table and index's bytes per post. SQLite: VACUUM, then the
// `dbstat` table; PostgreSQL (TEST_DATABASE_URL, a fresh schema dropped afterwards):
// VACUUM FULL, then pg_total_relation_size of each table (its indexes and TOAST with it).
// --columns also prints the bytes of each large column of the text tables (SQLite: as
// stored, before the page's slack; PostgreSQL: pg_column_size, after TOAST's compression).
// --distinct makes every post's sentences its own (the post's number before each full
// stop), as on a real site: the 13 demo articles repeated share their translation memory
// units and keys, which a site of distinct texts does not.
// --lookups N then times N translation-memory lookups (`suggest`) on the site: sources of
// stored units taken evenly through the memory, both directions, each with a word or a
// character added, as a translator's edited sentence (the memory's key index at this size).
//   npx tsx bench/storage.ts [--posts 1000] [--databases sqlite,postgres] [--columns] [--distinct] [--lookups 400]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createDatabase } from '../src/db/client';
import { migrateToLatest } from '../src/db/migrate';
import { createContentRepository } from '../src/db/repositories/content-repository';
import { refreshStudioList } from '../src/db/repositories/studio-list-refresh';
import { createTranslationMemory } from '../src/db/repositories/translation-memory';
import type { Database } from '../src/db/schema';
import { demoPairs, renderOnce } from './demo-texts';
import { freshSchema } from './postgres-schema';

const arg = (name: string, fallback: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1]! : fallback);
const posts = Number(arg('--posts', '1000'));
const columns = process.argv.includes('--columns');
const distinct = process.argv.includes('--distinct');
const lookups = Number(arg('--lookups', '0'));
const textTables = ['live_translations', 'post_translations', 'revisions', 'search_documents'];
const databases = arg('--databases', process.env.TEST_DATABASE_URL ? 'sqlite,postgres' : 'sqlite').split(',');
const pairs = demoPairs;

const render = renderOnce;

async function writeSite(db: Kysely<Database>): Promise<void> {
  await migrateToLatest(db);
  const repo = createContentRepository(db, render);
  for (let i = 0; i < posts; i++) {
    const demo = pairs[i % pairs.length]!;
    const pair = distinct ? { zh: demo.zh.replace(/。/g, `（${i}）。`), en: demo.en.replace(/\. /g, ` (${i}). `) } : demo;
    await repo.createPost({
      status: 'published',
      sourceLocale: i % 3 === 0 ? 'en' : 'zh',
      publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      translations: {
        zh: { slug: `wen-zhang-${i}`, title: `第 ${i} 篇：双语出版`, excerpt: '', body: pair.zh, state: 'published' },
        en: { slug: `post-${i}`, title: `Post ${i}: bilingual publishing`, excerpt: '', body: pair.en, state: 'published' },
      },
    });
  }
  // As a running server's background drain leaves it: the Studio list's summary rows
  // written, its queue of stale posts empty (studio-list-refresh.ts).
  await refreshStudioList(db, Number.POSITIVE_INFINITY);
}

type Sizes = Array<{ name: string; bytes: number }>;

/** Times `lookups` suggestions, one after another; prints p50, p95, max and how many found a match. */
async function timeLookups(name: string, db: Kysely<Database>): Promise<void> {
  if (lookups <= 0) return;
  const memory = createTranslationMemory(db);
  const [{ n }] = (await sql<{ n: number }>`select count(*) as n from translation_memory_units`.execute(db)).rows as [{ n: number }];
  const every = Math.max(1, Math.floor(Number(n) / lookups));
  const units = await db.selectFrom('translation_memory_units').select(['id', 'from_locale', 'to_locale', 'source_text']).orderBy('id').execute();
  const queries = units.filter((_, i) => i % every === 0).slice(0, lookups);
  const times: number[] = [];
  let found = 0;
  for (const unit of queries) {
    const text = unit.from_locale === 'zh' ? `${unit.source_text}了` : `${unit.source_text} again`;
    const started = performance.now();
    const suggestions = await memory.suggest(text, unit.from_locale as 'zh' | 'en', unit.to_locale as 'zh' | 'en');
    times.push(performance.now() - started);
    if (suggestions.length > 0) found++;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`${name}: ${times.length} lookups over ${n} units, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms, ${found} found a match`);
}

/** Each column of a table holding 0.1 KB a post or more. */
async function printColumns(table: string, names: Array<{ name: string }>, sum: (name: string) => Promise<{ rows: Array<{ b: number | string | null }> }>) {
  for (const { name } of names) {
    const bytes = Number((await sum(name)).rows[0]?.b ?? 0);
    if (bytes / posts >= 100) console.log(`  column ${`${table}.${name}`.padEnd(41)}${(bytes / 1024 / posts).toFixed(2).padStart(8)} KB/post`);
  }
}

async function measureSqlite(): Promise<{ sizes: Sizes; file: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'duet-storage-'));
  const db = createDatabase({ url: '', dataDir });
  try {
    await writeSite(db);
    await sql`vacuum`.execute(db);
    await timeLookups('SQLite', db);
    if (columns) {
      for (const table of textTables) {
        const { rows: names } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
        await printColumns(table, names, (name) => sql<{ b: number }>`select sum(length(cast(${sql.ref(name)} as blob))) as b from ${sql.table(table)}`.execute(db));
      }
    }
    const { rows } = await sql<{ name: string; bytes: number }>`select name, sum(pgsize) as bytes from dbstat group by name`.execute(db);
    return { sizes: rows, file: statSync(join(dataDir, 'duet.db')).size };
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measurePostgres(): Promise<{ sizes: Sizes; file: number }> {
  const { url, drop } = await freshSchema('storage');
  const dataDir = mkdtempSync(join(tmpdir(), 'duet-storage-'));
  const db = createDatabase({ url, dataDir });
  try {
    await writeSite(db);
    // This schema's tables only: a bare VACUUM FULL would lock every schema's tables.
    const { rows: tables } = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'`.execute(db);
    for (const table of tables) await sql`vacuum full ${sql.table(table.name)}`.execute(db);
    await sql`analyze`.execute(db);
    await timeLookups('PostgreSQL', db);
    if (columns) {
      for (const table of textTables) {
        const { rows: names } = await sql<{ name: string }>`
          select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db);
        await printColumns(table, names, (name) => sql<{ b: string }>`select sum(pg_column_size(${sql.ref(name)})) as b from ${sql.table(table)}`.execute(db));
      }
    }
    const { rows } = await sql<{ name: string; bytes: string }>`
      select c.relname as name, pg_total_relation_size(c.oid) as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'm')`.execute(db);
    const sizes = rows.map((r) => ({ name: r.name, bytes: Number(r.bytes) }));
    return { sizes, file: sizes.reduce((sum, r) => sum + r.bytes, 0) };
  } finally {
    await db.destroy();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(name: string, { sizes, file }: { sizes: Sizes; file: number }) {
  const kb = (bytes: number) => (bytes / 1024 / posts).toFixed(2).padStart(8);
  console.log(`\n${name}: ${posts} bilingual posts, ${(file / 1024 / 1024).toFixed(1)} MB in all, ${kb(file).trim()} KB per post`);
  for (const row of [...sizes].sort((a, b) => b.bytes - a.bytes).filter((r) => r.bytes / posts >= 100)) {
    console.log(`  ${row.name.padEnd(48)}${kb(row.bytes)} KB/post`);
  }
}

async function main() {
  if (databases.includes('sqlite')) print('SQLite', await measureSqlite());
  if (databases.includes('postgres')) print('PostgreSQL', await measurePostgres());
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
