// What packing a rendering's HTML and plain text (db/stored-text.ts, SQLite) costs a reader
// whose page is not cached: a site of N demo-length bilingual posts, then for each post in
// turn what a post page asks the database (findPostBySlug, then getRenderings of its two
// texts) and a search's hits (their snippets read the plain text), CPU time per read with
// the texts packed, then after the packing migration's down step (texts as text), then
// packed again by its up step, in one process so the sides share the machine's state.
//   npx tsx bench/read-packed.ts [--posts 1000] [--rounds 3]
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

const arg = (name: string, fallback: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1]! : fallback);
const posts = Number(arg('--posts', '1000'));
const rounds = Number(arg('--rounds', '3'));
const pairs = demoPairs;

const render = renderOnce;

/** CPU microseconds per post page read, and per search, over every post `rounds` times. */
async function measure(db: Kysely<Database>): Promise<{ page: number; search: number }> {
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
  for (let r = 0; r < rounds; r++) await read();
  let used = process.cpuUsage(start);
  const page = (used.user + used.system) / (rounds * posts);
  const words = ['bilingual', 'publishing', '出版', 'translation'];
  start = process.cpuUsage();
  for (let r = 0; r < rounds * 10; r++) for (const query of words) await search.search({ query, page: 1, pageSize: 10 });
  used = process.cpuUsage(start);
  return { page, search: (used.user + used.system) / (rounds * 10 * words.length) };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'duet-read-packed-'));
  const db = createDatabase({ url: '', dataDir });
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
    await migrations['2027-01-03T0001-packed-renderings']!.down!(db as unknown as Kysely<unknown>);
    const { rows } = await sql<{ n: number }>`select count(*) as n from live_translations where typeof(html) = 'blob'`.execute(db);
    if (Number(rows[0]!.n) !== 0) throw new Error('still packed');
    const text = await measure(db);
    // The migration itself, on this site: 2 × posts live texts (the drafts share them).
    const before = process.cpuUsage();
    const wall = performance.now();
    await migrations['2027-01-03T0001-packed-renderings']!.up(db as unknown as Kysely<unknown>);
    const cpu = process.cpuUsage(before);
    const migrated = `packing migration: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU, ${((performance.now() - wall) / 1000).toFixed(1)} s wall for ${2 * posts} live texts`;
    // Packed again, measured last: the order of the two sides shows in the figures.
    const packedAgain = await measure(db);
    const show = (name: string, a: number, b: number) => console.log(`${name.padEnd(34)} packed ${a.toFixed(0).padStart(6)} µs   text ${b.toFixed(0).padStart(6)} µs   ${((a / b - 1) * 100).toFixed(1)} %`);
    console.log(`SQLite, ${posts} posts, CPU time (user+sys) per read, ${rounds} rounds:`);
    show('post page (post + 2 renderings)', packed.page, text.page);
    show('search (10 hits with snippets)', packed.search, text.search);
    show('… packed again after: post page', packedAgain.page, text.page);
    show('… packed again after: search', packedAgain.search, text.search);
    console.log(migrated);
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
