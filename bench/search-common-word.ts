// Search speed for the most common word of each language (issue 27): a site of N
// generated bilingual posts built by bench/search-site.ts on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL, then the repository call the search page makes for
// that word — the page's language only, and both languages with the page's first — timed
// server-side, several rounds after one that warms the caches. The most common word is
// the token found in the most documents of that language (Han for Chinese, Latin for
// English). Sites are kept under bench/.data/ and in PostgreSQL schemas
// search_common_<N>, so `--reuse` can time other code against the same data.
//   npx tsx bench/search-common-word.ts [--sizes 10000,100000] [--rounds 20] [--reuse] [--sqlite-only|--postgres-only]
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../src/db/client';
import type { Database } from '../src/db/schema';
import { createSearchRepository } from '../src/db/repositories/search-repository';
import { benchNow, buildSearchSite } from './search-site';

const value = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const sizes = (value('--sizes') ?? '10000,100000').split(',').map(Number);
const rounds = Number(value('--rounds') ?? 20);
const reuse = process.argv.includes('--reuse');
const target = 60;

type Db = Kysely<Database>;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function admin(url: string, statement: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}

/** The token in the most documents of each language, counted exactly among each database's top candidates. */
async function commonWords(db: Db, postgres: boolean): Promise<{ zh: string; en: string }> {
  const script = { zh: /^\p{Script=Han}+$/u, en: /^[a-z]+$/ };
  const best = async (locale: 'zh' | 'en', candidates: string[]) => {
    let top = { word: '', n: -1 };
    for (const word of candidates.filter((w) => script[locale].test(w) && w !== 'zh' && w !== 'en').slice(0, 25)) {
      const counted = postgres
        ? await sql<{ n: string }>`select count(*) as n from search_documents where tsv @@ to_tsquery('simple', ${`'${word}'`}) and locale = ${locale}`.execute(db)
        : await sql<{ n: string }>`select count(*) as n from search_fts where search_fts match ${`lang : ${locale} AND "${word}"`}`.execute(db);
      const n = Number(counted.rows[0]!.n);
      if (n > top.n) top = { word, n };
    }
    return top.word;
  };
  if (postgres) {
    // The copies repeat the demo's texts in turn: the first 2,000 documents of a language stand for all.
    const top = async (locale: string) =>
      (await sql<{ word: string }>`select word from ts_stat(${`select tsv from search_documents where locale = '${locale}' order by translation_id desc limit 2000`}) order by ndoc desc, word limit 300`.execute(db)).rows.map((r) => r.word);
    return { zh: await best('zh', await top('zh')), en: await best('en', await top('en')) };
  }
  await sql`create virtual table if not exists temp.search_vocab using fts5vocab(main, search_fts, row)`.execute(db);
  const { rows } = await sql<{ word: string }>`select term as word from temp.search_vocab order by doc desc, term limit 300`.execute(db);
  const words = rows.map((r) => r.word);
  return { zh: await best('zh', words), en: await best('en', words) };
}

async function open(name: string, size: number, url: string): Promise<{ db: Db; built: boolean }> {
  const dataDir = join(process.cwd(), 'bench', '.data', `search-common-${size}`);
  let dbUrl = '';
  let exists = existsSync(join(dataDir, 'duet.db'));
  if (url) {
    const schema = `search_common_${size}`;
    exists = (await admin(url, `select 1 from information_schema.schemata where schema_name = '${schema}'`)).length > 0;
    if (exists && !reuse) await admin(url, `drop schema ${schema} cascade`);
    if (!exists || !reuse) await admin(url, `create schema ${schema}`);
    const withPath = new URL(url);
    withPath.searchParams.set('options', `-c search_path=${schema}`);
    dbUrl = withPath.toString();
  } else if (exists && !reuse) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const db = createDatabase({ url: dbUrl, dataDir });
  if (exists && reuse) return { db, built: false };
  console.log(`${name} ${size}: building the site…`);
  const started = performance.now();
  await buildSearchSite(db, { dataDir, demoDir: join(process.cwd(), 'demo'), count: size, log: (line) => console.log(`${name} ${size}:${line}`) });
  console.log(`${name} ${size}: built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return { db, built: true };
}

/** Per size, the words SQLite found, so PostgreSQL times the same ones. */
const wordsBySize = new Map<number, { zh: string; en: string }>();

async function measure(name: string, size: number, url: string): Promise<void> {
  const { db } = await open(name, size, url);
  try {
    const words = wordsBySize.get(size) ?? (await commonWords(db, Boolean(url)));
    wordsBySize.set(size, words);
    const search = createSearchRepository(db);
    for (const locale of ['zh', 'en'] as const) {
      for (const both of [false, true]) {
        const timings: number[] = [];
        let shown = '';
        for (let round = 0; round <= rounds; round += 1) {
          const t0 = performance.now();
          const result = await search.search({ query: words[locale], locale: both ? 'all' : locale, preferLocale: locale, page: 1, pageSize: 10, now: benchNow });
          const ms = performance.now() - t0;
          if (round === 0) {
            shown = `${result.total}${result.isTotalCapped ? '+' : ''} found, first ${result.items.slice(0, 3).map((h) => h.title).join(' | ')}`;
            continue;
          }
          timings.push(ms);
        }
        timings.sort((a, b) => a - b);
        const p50 = percentile(timings, 50);
        console.log(
          `| ${name} | ${size} | ${locale} “${words[locale]}”${both ? ', both languages' : ''} | ${p50.toFixed(1)} | ${percentile(timings, 95).toFixed(1)} | ${p50 <= target ? 'meets' : 'ABOVE'} ${target} ms | ${shown} |`,
        );
      }
    }
  } finally {
    await db.destroy();
  }
}

async function main() {
  const postgres = process.env.TEST_DATABASE_URL;
  console.log(`load average ${(await import('node:os')).loadavg().map((n) => n.toFixed(1)).join(' ')}; ${rounds} rounds`);
  console.log('| database | posts | query | p50 ms | p95 ms | goal | what the reader is shown |');
  for (const size of sizes) {
    if (!process.argv.includes('--postgres-only')) await measure('sqlite', size, '');
    if (process.argv.includes('--sqlite-only')) continue;
    if (postgres) await measure('postgres', size, postgres);
    else console.log('postgres: skipped (set TEST_DATABASE_URL)');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
