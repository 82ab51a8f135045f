// Search speed with 10,000 generated bilingual posts (plus the demo): the repository
// call the search page and API make, timed server-side for every judged query of
// bench/search-queries.ts, several rounds, on SQLite and (with TEST_DATABASE_URL) on
// PostgreSQL; and the time to rebuild the whole index. Posts come from
// bench/generate-posts.ts, into a temporary DATA_DIR and a temporary PostgreSQL schema.
//   npx tsx bench/search-speed.ts [--posts 10000] [--rounds 20]
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../src/db/client';
import { rebuildSearchIndex } from '../src/db/repositories/search-index';
import { createSearchRepository } from '../src/db/repositories/search-repository';
import { judgedQueries } from './search-queries';

const arg = (name: string, fallback: number) => Number(process.argv[process.argv.indexOf(name) + 1]) || fallback;
const postCount = arg('--posts', 10_000);
const rounds = arg('--rounds', 20);
const target = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(name: string, url: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'duet-search-speed-'));
  let schema: string | null = null;
  let dbUrl = '';
  if (url) {
    schema = `bench_${randomBytes(4).toString('hex')}`;
    await admin(url, `create schema ${schema}`);
    const withPath = new URL(url);
    withPath.searchParams.set('options', `-c search_path=${schema}`);
    dbUrl = withPath.toString();
  }
  try {
    console.log(`${name}: generating the demo plus ${postCount} posts (indexed as they are written)…`);
    const started = performance.now();
    const gen = spawnSync(process.execPath, [join(process.cwd(), 'node_modules/tsx/dist/cli.mjs'), 'bench/generate-posts.ts', String(postCount)], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: dbUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (gen.status !== 0) throw new Error('generate-posts failed');
    const generateSeconds = (performance.now() - started) / 1000;

    const db = createDatabase({ url: dbUrl, dataDir });
    try {
      const rebuildStarted = performance.now();
      const { documents } = await rebuildSearchIndex(db);
      const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
      if (url) await sql`analyze`.execute(db);

      const search = createSearchRepository(db);
      const timings: number[] = [];
      const perQuery = new Map<string, number[]>();
      let hits = 0;
      for (let round = 0; round <= rounds; round += 1) {
        for (const q of judgedQueries) {
          const t0 = performance.now();
          const result = await search.search({ query: q.query, locale: q.bothLanguages ? 'all' : q.locale, preferLocale: q.locale, page: 1, pageSize: 10 });
          const ms = performance.now() - t0;
          // Round 0 warms the caches (and jieba) and is not counted.
          if (round === 0) continue;
          timings.push(ms);
          perQuery.set(q.query, [...(perQuery.get(q.query) ?? []), ms]);
          hits += result.total;
        }
      }
      timings.sort((a, b) => a - b);
      const p95 = percentile(timings, 95);
      const slowest = [...perQuery.entries()]
        .map(([query, ms]) => [query, ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)]!] as const)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3);
      console.log(
        [
          `${name}: ${documents} documents indexed; generating ${postCount} posts took ${generateSeconds.toFixed(1)} s, rebuilding the index ${rebuildSeconds.toFixed(1)} s`,
          `${name}: search latency over ${timings.length} calls (${judgedQueries.length} queries × ${rounds} rounds, page 1 of 10, mean ${Math.round(hits / timings.length)} matches):`,
          `${name}:   p50 ${percentile(timings, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (${p95 <= target ? 'meets' : 'ABOVE'} ${target} ms), p99 ${percentile(timings, 99).toFixed(2)} ms, max ${timings.at(-1)!.toFixed(2)} ms`,
          `${name}:   slowest medians: ${slowest.map(([query, ms]) => `${query} ${ms.toFixed(1)} ms`).join('; ')}`,
        ].join('\n'),
      );
    } finally {
      await db.destroy();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) await admin(url, `drop schema ${schema} cascade`);
  }
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function main() {
  await measure('sqlite', '');
  const postgres = process.env.TEST_DATABASE_URL;
  if (postgres) await measure('postgres', postgres);
  else console.log('postgres: skipped (set TEST_DATABASE_URL)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
