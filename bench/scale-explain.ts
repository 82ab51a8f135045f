// The plans of a large site's hot reads, on a site bench/scale-site.ts built: the Studio
// list (first page, "translation outdated", page 20) after its refresh, the sitemap's
// count and slices, the start-up stale-render scan and a post page's lookup. Each query
// the repositories send is recorded and explained where it ran — PostgreSQL's
// EXPLAIN (ANALYZE, BUFFERS), SQLite's EXPLAIN QUERY PLAN and the time of a second run —
// so a plan that reads a whole table shows beside the figure it costs.
//   DATABASE_URL=postgres://…/duet_bench_scale_10000 npx tsx bench/scale-explain.ts [--only studio]
//   DATA_DIR=bench/.data/scale-10000 DATABASE_URL= npx tsx bench/scale-explain.ts
// --refresh first marks every post stale, as the studio-list migration does on an
// upgrade, and times the drain the first Studio request after it waits for.
import { CompiledQuery, sql } from 'kysely';
import { createDatabase, isPostgresUrl, type Db } from '../src/db/client';
import { createContentRepository } from '../src/db/repositories/content-repository';
import { createStudioRepository } from '../src/db/repositories/studio-repository';
import { analyzeStudioList, refreshStudioList } from '../src/db/repositories/studio-list-refresh';
import { renderVersion } from '../src/core/markdown/render-document';
import { recordQueries } from '../tests/integration/helpers/query-recorder';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const postgres = isPostgresUrl(process.env.DATABASE_URL);
const db = createDatabase();

async function explain(query: CompiledQuery): Promise<string> {
  const parameters = [...query.parameters];
  if (postgres) {
    const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, parameters));
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n  ');
  }
  const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, parameters));
  const started = performance.now();
  await db.executeQuery(CompiledQuery.raw(query.sql, parameters));
  return `${plan.rows.map((r) => r.detail).join('\n  ')}\n  (ran in ${(performance.now() - started).toFixed(1)} ms)`;
}

/** Runs `read` once to warm the caches, then again recording its queries, and prints each plan. */
async function show(name: string, read: (db: Db) => Promise<unknown>): Promise<void> {
  if (only && !name.startsWith(only)) return;
  await read(db);
  const recorded = recordQueries(db);
  const started = performance.now();
  await read(recorded.db);
  console.log(`\n## ${name}: ${recorded.queries.length} queries, ${(performance.now() - started).toFixed(1)} ms`);
  for (const query of recorded.queries) console.log(`${query.sql.replace(/\s+/g, ' ')}\n  ${await explain(query)}`);
}

async function main() {
  if (process.argv.includes('--refresh')) await sql`insert into studio_posts_stale (post_id) select id from posts order by id`.execute(db);
  const started = performance.now();
  const refreshed = await refreshStudioList(db, Infinity);
  const drained = performance.now();
  await analyzeStudioList(db);
  console.log(
    `${postgres ? 'postgres' : 'sqlite'}: ${refreshed} stale posts refreshed into the Studio list first in ${((drained - started) / 1000).toFixed(1)} s` +
      (postgres ? `, then vacuum analyze in ${((performance.now() - drained) / 1000).toFixed(1)} s` : ''),
  );
  const studio = (options: object) => (d: Db) => createStudioRepository(d).listStudioPosts({ page: 1, pageSize: 25, ...options });
  await show('studio first page', studio({}));
  await show('studio translation outdated', studio({ translation: 'outdated' }));
  await show('studio page 20', studio({ page: 20 }));
  await show('studio search', studio({ q: 'number 9' }));
  await show('sitemap count', (d) => createContentRepository(d).countVisiblePosts());
  await show('sitemap first slice', (d) => createContentRepository(d).listSitemapEntries({ limit: 24_900 }));
  await show('sitemap later slice', (d) => createContentRepository(d).listSitemapEntries({ afterId: 50_000, limit: 24_900 }));
  await show('sitemap listings', (d) => createContentRepository(d).countSitemapListings());
  await show('start-up scan, drafts', (d) => createContentRepository(d).listStaleRenderings('draft', renderVersion, 0, 50));
  await show('start-up scan, live', (d) => createContentRepository(d).listStaleRenderings('live', renderVersion, 0, 50));
  await show('post page', (d) => createContentRepository(d).findPostBySlug('en', 'generated-0'));
  await db.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
