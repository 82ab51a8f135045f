// The cost of adding one bilingual post (issue 27: ≤ 50 ms, so a 100,000-post import ends in
// under two hours), step by step, on a site of 1,000 and 10,000 posts, SQLite and (with
// TEST_DATABASE_URL) PostgreSQL. A post is added as an import adds it: both texts rendered
// in the render worker pool, then `createPost` (published, quiet) in one transaction. The
// transaction's parts are then timed again one by one on the post just added, each in its
// own transaction: the translation memory (its units forgotten first, so they are stored
// as new, as they were; and once more by the per-unit build it replaced, for comparison
// under the same load), and the search index. The rest of the write (posts, drafts,
// revisions, live texts, the Studio list's triggers, outbox rows) is the difference.
// Readers' cache invalidation (revalidateTag) happens on a server after the commit and is
// not part of this path. Every step's p50 and p95 over --posts posts, each a new pair (the
// demo articles, first paragraph numbered: new memory units, as a real new post has), and
// the process's CPU time per step (this thread, SQLite and the render workers' processes; not the
// PostgreSQL server's), which a loaded machine inflates far less than the wall clock.
//   npx tsx bench/post-add.ts [--sites 1000,10000] [--posts 50] [--db sqlite,postgres] [--fresh]
// Sites are kept (SQLite: bench/.data/post-add-N; PostgreSQL: schema bench_post_add_N) and
// reused, growing by --posts each run; --fresh builds them again.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { createDatabase } from '../src/db/client';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { createContentRepository } from '../src/db/repositories/content-repository';
import { forgetUnheld, replaceLinks, unitsHeldBy } from '../src/db/repositories/memory-links';
import { reindexPost } from '../src/db/repositories/search-index';
import { refreshPostMemory } from '../src/db/repositories/translation-memory-store';
import { closeRenderPool, renderInWorker, renderPoolStats } from '../src/server/render/render-pool';
import { refreshPostMemoryPerUnit } from '../tests/integration/helpers/per-unit-memory';
import { demoPairs, renderOnce } from './demo-texts';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1]! : fallback;
};
const sites = arg('--sites', '1000,10000').split(',').map(Number);
const perRun = Number(arg('--posts', '50'));
const databases = arg('--db', process.env.TEST_DATABASE_URL ? 'sqlite,postgres' : 'sqlite').split(',');
const fresh = process.argv.includes('--fresh');

const pairs = demoPairs;

function numberFirstParagraph(body: string, mark: string): string {
  const blocks = body.split(/\n\n/);
  const index = blocks.findIndex((block) => /^[^#>\-*|`!\d\s]/u.test(block));
  if (index >= 0) blocks[index] = `${mark}${blocks[index]}`;
  return blocks.join('\n\n');
}

const cachedRender = renderOnce;

function post(i: number, pair: { zh: string; en: string }) {
  return {
    status: 'published' as const,
    sourceLocale: i % 3 === 0 ? ('en' as const) : ('zh' as const),
    isImported: true,
    translations: {
      zh: { slug: `pa-${i}-${Date.now().toString(36)}`, title: `第 ${i} 篇`, excerpt: '一篇生成文章。', body: pair.zh, state: 'published' as const },
      en: { slug: `pa-${i}-${Date.now().toString(36)}`, title: `Number ${i}`, excerpt: 'A generated article.', body: pair.en, state: 'published' as const },
    },
  };
}

async function open(kind: string, size: number): Promise<{ db: Kysely<Database>; close: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dataDir = join(process.cwd(), 'bench', '.data', `post-add-${size}`);
    if (fresh) rmSync(dataDir, { recursive: true, force: true });
    const db = createDatabase({ url: '', dataDir });
    return { db, close: () => db.destroy() };
  }
  const schema = `bench_post_add_${size}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  if (fresh) await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.query(`create schema if not exists ${schema}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = createDatabase({ url: url.toString() });
  return { db, close: () => db.destroy() };
}

async function fill(db: Kysely<Database>, size: number): Promise<void> {
  await migrateToLatest(db);
  const have = Number((await db.selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const repo = createContentRepository(db, cachedRender);
  const started = performance.now();
  for (let i = have; i < size; i++) {
    await repo.createPost(post(i, pairs[i % pairs.length]!));
    if ((i + 1) % 1000 === 0) console.log(`  ${i + 1}/${size} posts (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * CPU time per step of this process (this thread, SQLite) and of the render workers
 * (processes of their own): what the machine's load does not inflate much.
 */
const cpu: Record<string, number[]> = {};
async function timed<T>(work: () => Promise<T>, step?: string): Promise<[T, number]> {
  const w0 = step ? (await renderPoolStats()).cpuMicros : 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(c0);
  const elapsed = performance.now() - t0;
  if (step) (cpu[step] ??= []).push((used.user + used.system + (await renderPoolStats()).cpuMicros - w0) / 1000);
  return [result, elapsed];
}

async function measure(db: Kysely<Database>): Promise<Record<string, number[]>> {
  const steps: Record<string, number[]> = { 'render (2 texts, worker)': [], 'write transaction': [], 'of which memory': [], 'memory, per unit (before)': [], 'of which search index': [], 'of which the rest': [], 'per post': [] };
  const run = Date.now().toString(36);
  for (let n = 0; n < perRun + 3; n++) {
    const demoPair = pairs[n % pairs.length]!;
    const pair = { zh: numberFirstParagraph(demoPair.zh, `第 ${run}-${n} 篇：`), en: numberFirstParagraph(demoPair.en, `Number ${run}-${n}: `) };
    // Both at once, as createPost renders them.
    const [rendered, render] = await timed(async () => {
      const [zh, en] = await Promise.all([renderInWorker({ markdown: pair.zh, locale: 'zh' }), renderInWorker({ markdown: pair.en, locale: 'en' })]);
      return { zh, en };
    }, 'render (2 texts, worker)');
    const repo = createContentRepository(db, async ({ locale }) => rendered[locale]);
    const [created, write] = await timed(() => repo.createPost(post(n, pair)), 'write transaction');
    // The memory again on the post just added, its units forgotten first so they are stored
    // anew: by the per-unit build it replaced (tests' reference) and by the batched one, in
    // turn, so both meet the same load.
    const forget = () => db.transaction().execute(async (trx) => {
      const units = await unitsHeldBy(trx, [created.id]);
      await replaceLinks(trx, [created.id], new Map());
      await forgetUnheld(trx, units);
    });
    await forget();
    const [, perUnit] = await timed(() => db.transaction().execute((trx) => refreshPostMemoryPerUnit(trx, created.id)), 'memory, per unit (before)');
    await forget();
    // With the blocks the worker cut, as goLive has them from createPost.
    const cut = new Map([rendered.zh, rendered.en].flatMap((doc, i) => (doc.markdownBlocks ? [[i === 0 ? pair.zh : pair.en, doc.markdownBlocks] as const] : [])));
    const [, memory] = await timed(() => db.transaction().execute((trx) => refreshPostMemory(trx, created.id, cut)), 'of which memory');
    const [, index] = await timed(() => db.transaction().execute((trx) => reindexPost(trx, created.id)), 'of which search index');
    if (n < 3) {
      // warm-up: the pool's workers, prepared statements
      for (const values of Object.values(cpu)) values.pop();
      continue;
    }
    steps['render (2 texts, worker)']!.push(render);
    steps['write transaction']!.push(write);
    steps['of which memory']!.push(memory);
    steps['memory, per unit (before)']!.push(perUnit);
    steps['of which search index']!.push(index);
    steps['of which the rest']!.push(Math.max(0, write - memory - index));
    steps['per post']!.push(render + write);
  }
  return steps;
}

const rows: Array<Record<string, string | number>> = [];
for (const kind of databases) {
  for (const size of sites) {
    const { db, close } = await open(kind, size);
    try {
      const [, filled] = await timed(() => fill(db, size));
      if (filled > 1000) console.log(`${kind}, ${size} posts: site built in ${(filled / 1000).toFixed(0)} s`);
      for (const key of Object.keys(cpu)) delete cpu[key];
      const steps = await measure(db);
      for (const [step, values] of Object.entries(steps)) {
        const used = cpu[step];
        rows.push({ db: kind, site: size, step, 'p50 ms': Number(percentile(values, 50).toFixed(1)), 'p95 ms': Number(percentile(values, 95).toFixed(1)), 'CPU p50 ms': used ? Number(percentile(used, 50).toFixed(1)) : '', posts: values.length });
      }
      console.log(JSON.stringify(rows.filter((row) => row.db === kind && row.site === size).map((row) => [row.step, row['p50 ms'], row['CPU p50 ms']])));
    } finally {
      await close();
    }
  }
}
console.table(rows);
await closeRenderPool();
