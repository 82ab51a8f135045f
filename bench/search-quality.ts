// Search quality on the demo magazine: the judged queries of bench/search-queries.ts,
// run the way the search page runs them (the page's language; both languages where the
// reader asked), scored by recall@10 (share of the pieces that must come back found in
// the first ten) and MRR (1 / rank of the first of them). Printed with the glossary of
// core/search/glossary.ts and without it, on SQLite and, when TEST_DATABASE_URL is set,
// on PostgreSQL.
//   npx tsx bench/search-quality.ts [--verbose]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase } from '../src/db/client';
import { migrateToLatest } from '../src/db/migrate';
import { createSearchRepository } from '../src/db/repositories/search-repository';
import { seedDemo } from '../src/server/demo/seed-demo';
import { readDemoContent } from '../src/server/demo/read-demo-content';
import { judgedQueries } from './search-queries';
import { renderDocument } from '@/core/markdown/render-document';

const demoDir = join(process.cwd(), 'demo');
const verbose = process.argv.includes('--verbose');
// After every demo publication date.
const now = new Date('2030-01-01T00:00:00Z');
const target = 0.95;

interface Score {
  recall: number;
  mrr: number;
  misses: string[];
}

async function scoreOn(name: string, url: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'duet-search-quality-'));
  let schema: string | null = null;
  let dbUrl = url;
  if (url) {
    schema = `bench_${randomBytes(4).toString('hex')}`;
    await withClient(url, (client) => client.query(`create schema ${schema}`));
    const withPath = new URL(url);
    withPath.searchParams.set('options', `-c search_path=${schema}`);
    dbUrl = withPath.toString();
  }
  const db = createDatabase({ url: dbUrl, dataDir });
  try {
    await migrateToLatest(db);
    await seedDemo(db, { dataDir, demoDir, render: renderDocument });
    const keyOf = await slugKeys();
    for (const [label, glossary] of [['with glossary', undefined], ['words only', []]] as const) {
      const search = createSearchRepository(db, { glossary });
      const score = await scoreQueries(async (q) => {
        const result = await search.search({
          query: q.query,
          locale: q.bothLanguages ? 'all' : q.locale,
          preferLocale: q.locale,
          page: 1,
          pageSize: 10,
          now,
        });
        return result.items.map((hit) => keyOf.get(`${hit.locale}:${hit.slug}`) ?? '?');
      });
      const verdict = score.recall >= target ? 'meets' : 'BELOW';
      console.log(
        `${name.padEnd(10)} ${label.padEnd(13)} recall@10 ${score.recall.toFixed(3)} (${verdict} ${target})  MRR ${score.mrr.toFixed(3)}  queries ${judgedQueries.length}`,
      );
      if (verbose || label === 'with glossary') for (const miss of score.misses) console.log(`    ${miss}`);
    }
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) await withClient(url, (client) => client.query(`drop schema ${schema} cascade`));
  }
}

async function scoreQueries(run: (q: (typeof judgedQueries)[number]) => Promise<string[]>): Promise<Score> {
  let recall = 0;
  let mrr = 0;
  const misses: string[] = [];
  for (const q of judgedQueries) {
    const keys = await run(q);
    const found = q.relevant.filter((key) => keys.includes(key));
    recall += found.length / q.relevant.length;
    const firstRank = keys.findIndex((key) => q.relevant.includes(key));
    mrr += firstRank === -1 ? 0 : 1 / (firstRank + 1);
    if (found.length < q.relevant.length || verbose) {
      const missing = q.relevant.filter((key) => !keys.includes(key));
      misses.push(`${found.length < q.relevant.length ? 'MISS' : 'ok  '} [${q.locale}] ${q.query} → ${keys.join(', ') || '(nothing)'}${missing.length ? `; missing ${missing.join(', ')}` : ''}`);
    }
  }
  return { recall: recall / judgedQueries.length, mrr: mrr / judgedQueries.length, misses };
}

/** `${locale}:${slug}` → the demo post key. */
async function slugKeys(): Promise<Map<string, string>> {
  const content = await readDemoContent(demoDir);
  const map = new Map<string, string>();
  for (const post of content.posts) {
    for (const [locale, translation] of Object.entries(post.translations)) map.set(`${locale}:${translation!.slug}`, post.key);
  }
  return map;
}

async function withClient(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

async function main() {
  const zh = judgedQueries.filter((q) => q.locale === 'zh').length;
  console.log(`judged queries: ${judgedQueries.length} (${zh} on the Chinese page, ${judgedQueries.length - zh} on the English one)`);
  await scoreOn('sqlite', '');
  const postgres = process.env.TEST_DATABASE_URL;
  if (postgres) await scoreOn('postgres', postgres);
  else console.log('postgres: skipped (set TEST_DATABASE_URL)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
