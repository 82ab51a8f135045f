// What packing a rendering's HTML and plain text (db/stored-text.ts) costs a reader
// whose page is not cached: a site of N demo-length bilingual posts, then for each post in
// turn what a post page asks the database (findPostBySlug, then getRenderings of its two
// texts) and a search's hits (their snippets read the plain text), CPU time per read with
// the texts packed, then after the packing migration's down step (texts as text), then
// packed again by its up step, in one process so the sides share the machine's state.
// --database postgres does the same in a fresh schema of TEST_DATABASE_URL (dropped after)
// with PostgreSQL's packing migration, and prints wall time beside this process's CPU
// (PostgreSQL's own work, TOAST's decompression among it, is another process's).
// --migration names another packing migration to undo and redo instead (e.g.
// 2027-01-10T0001-packed-revisions: the Markdown a post page reads with its texts).
//   npx tsx bench/read-packed.ts [--posts 1000] [--rounds 3] [--database sqlite|postgres] [--migration name]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createDatabase } from '../src/db/client';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { createContentRepository } from '../src/db/repositories/content-repository';
import { createSearchRepository } from '../src/db/repositories/search-repository';
import type { Database } from '../src/db/schema';
import { demoPairs, renderOnce } from './demo-texts';
import { freshSchema } from './postgres-schema';

const arg = (name: string, fallback: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1]! : fallback);
const posts = Number(arg('--posts', '1000'));
const rounds = Number(arg('--rounds', '3'));
const postgres = arg('--database', 'sqlite') === 'postgres';
const migration = arg('--migration', postgres ? '2027-01-09T0001-packed-renderings-postgres' : '2027-01-03T0001-packed-renderings');
const pairs = demoPairs;

const render = renderOnce;

type Figures = { page: number; search: number; pageWall: number; searchWall: number };

/** CPU (and wall) microseconds per post page read, and per search, over every post `rounds` times. */
async function measure(db: Kysely<Database>): Promise<Figures> {
  const content = createContentRepository(db, render);
  const search = createSearchRepository(db);
  const read = async () => {
    for (let i = 0; i < posts; i++) {
      const found = await content.findPostBySlug('en', `post-${i}`);
      if (!found) throw new Error(`post-${i} not found`);
      const rendered = await content.getRenderings(Object.values(found.post.translations).map((t) => t!.id));
      if ([...rendered.values()].some((r) => !r.html)) throw new Error(`post-${i}: no rendering`);
    }
  };
  await read(); // warm: statement cache, page cache, JIT
  let start = process.cpuUsage();
  let wall = performance.now();
  for (let r = 0; r < rounds; r++) await read();
  let used = process.cpuUsage(start);
  const page = (used.user + used.system) / (rounds * posts);
  const pageWall = ((performance.now() - wall) * 1000) / (rounds * posts);
  const words = ['bilingual', 'publishing', '出版', 'translation'];
  start = process.cpuUsage();
  wall = performance.now();
  for (let r = 0; r < rounds * 10; r++) for (const query of words) await search.search({ query, page: 1, pageSize: 10 });
  used = process.cpuUsage(start);
  const searches = rounds * 10 * words.length;
  return { page, search: (used.user + used.system) / searches, pageWall, searchWall: ((performance.now() - wall) * 1000) / searches };
}

/** The database to measure, and how to drop it afterwards. */
async function open(dataDir: string): Promise<{ db: Kysely<Database>; drop: () => Promise<void> }> {
  if (!postgres) return { db: createDatabase({ url: '', dataDir }), drop: async () => {} };
  const { url, drop } = await freshSchema('read_packed');
  return { db: createDatabase({ url, dataDir }), drop };
}

/** Unpacked HTML: on SQLite the live texts holding it as text, on PostgreSQL 1 while the column is `text`. */
/** The column the migration packs: the revisions' Markdown, or the live texts' HTML. */
const [packedTable, packedColumn] = migration.endsWith('packed-revisions') ? ['revisions', 'body'] : ['live_translations', 'html'];

async function unpacked(db: Kysely<Database>): Promise<number> {
  const { rows } = postgres
    ? await sql<{ n: number }>`select count(*) as n from information_schema.columns where table_schema = current_schema() and table_name = ${packedTable} and column_name = ${packedColumn} and data_type = 'text'`.execute(db)
    : await sql<{ n: number }>`select count(*) as n from ${sql.table(packedTable)} where typeof(${sql.ref(packedColumn)}) = 'text'`.execute(db);
  return Number(rows[0]!.n);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'duet-read-packed-'));
  const { db, drop } = await open(dataDir);
  try {
    await migrateToLatest(db);
    const repo = createContentRepository(db, render);
    for (let i = 0; i < posts; i++) {
      const pair = pairs[i % pairs.length]!;
      await repo.createPost({
        status: 'published',
        sourceLocale: 'zh',
        publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
        translations: {
          zh: { slug: `wen-zhang-${i}`, title: `第 ${i} 篇：双语出版`, excerpt: '', body: pair.zh, state: 'published' },
          en: { slug: `post-${i}`, title: `Post ${i}: bilingual publishing`, excerpt: '', body: pair.en, state: 'published' },
        },
      });
    }
    const packed = await measure(db);
    if ((await unpacked(db)) !== 0) throw new Error('not packed');
    await migrations[migration]!.down!(db as unknown as Kysely<unknown>);
    if ((await unpacked(db)) === 0) throw new Error('still packed');
    const text = await measure(db);
    // The migration itself, on this site: 2 × posts texts (the drafts share the live renderings; one revision each).
    const before = process.cpuUsage();
    const wall = performance.now();
    await migrations[migration]!.up(db as unknown as Kysely<unknown>);
    const cpu = process.cpuUsage(before);
    const migrated = `packing migration: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU, ${((performance.now() - wall) / 1000).toFixed(1)} s wall for ${2 * posts} texts`;
    // Packed again, measured last: the order of the two sides shows in the figures.
    const packedAgain = await measure(db);
    const show = (name: string, a: number, b: number) => console.log(`${name.padEnd(40)} packed ${a.toFixed(0).padStart(6)} µs   text ${b.toFixed(0).padStart(6)} µs   ${((a / b - 1) * 100).toFixed(1)} %`);
    console.log(`${postgres ? 'PostgreSQL' : 'SQLite'}, ${posts} posts, per read, ${rounds} rounds (CPU: this process's user+sys):`);
    for (const [label, side] of [['', packed], ['… packed again after: ', packedAgain]] as const) {
      show(`${label}post page (post + 2 renderings), CPU`, side.page, text.page);
      show(`${label}search (10 hits with snippets), CPU`, side.search, text.search);
      if (postgres) show(`${label}post page, wall`, side.pageWall, text.pageWall);
      if (postgres) show(`${label}search, wall`, side.searchWall, text.searchWall);
    }
    console.log(migrated);
  } finally {
    await db.destroy();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
