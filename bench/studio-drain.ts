// The Studio list after an upgrade, on a site bench/scale-site.ts built: every post marked
// stale, as the studio-list migration leaves it, then the first list request (which
// refreshes one batch and counts how many posts are ready) and the background drain of
// the rest, batch by batch, with the event loop's longest delay while it ran (on SQLite a
// batch holds the loop for as long as it takes; readers wait at most that long).
//   DATA_DIR=bench/.data/scale-100000 DATABASE_URL= npx tsx bench/studio-drain.ts
//   DATABASE_URL=postgres://…/duet_bench_scale_100000 npx tsx bench/studio-drain.ts [--batch 500]
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDatabase, isPostgresUrl } from '../src/db/client';
import { analyzeStudioList, refreshBatch, refreshStudioList } from '../src/db/repositories/studio-list-refresh';
import { createStudioRepository } from '../src/db/repositories/studio-repository';

const db = createDatabase();
const batch = Number(process.argv.includes('--batch') ? process.argv[process.argv.indexOf('--batch') + 1] : refreshBatch);
const name = isPostgresUrl(process.env.DATABASE_URL) ? 'postgres' : 'sqlite';
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function main() {
  await sql`delete from studio_posts_stale`.execute(db);
  await sql`insert into studio_posts_stale (post_id) select id from posts order by id`.execute(db);
  const posts = Number((await db.selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  let cpu = process.cpuUsage();
  let started = performance.now();
  const first = await createStudioRepository(db).listStudioPosts({ page: 1, pageSize: 25 });
  console.log(`${name}, ${posts} posts stale: first list ${(performance.now() - started).toFixed(0)} ms (CPU ${cpuMs(cpu).toFixed(0)} ms), preparing ${JSON.stringify(first.preparing)}`);

  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const batches: number[] = [];
  cpu = process.cpuUsage();
  started = performance.now();
  // As drainStudioList paces itself (a rest as long as the batch), with each batch timed.
  for (;;) {
    const batchStarted = performance.now();
    const refreshed = await refreshStudioList(db, batch);
    const took = performance.now() - batchStarted;
    batches.push(took);
    if (refreshed < batch) break;
    await new Promise((resolve) => setTimeout(resolve, Math.max(10, took)));
  }
  const drained = performance.now();
  loop.disable();
  await analyzeStudioList(db);
  const sorted = [...batches].sort((a, b) => a - b);
  console.log(
    `drain: ${batches.length} batches of ${batch} in ${((drained - started) / 1000).toFixed(1)} s (CPU ${(cpuMs(cpu) / 1000).toFixed(1)} s), ` +
      `batch p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, p95 ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms; ` +
      `event loop delay max ${(loop.max / 1e6).toFixed(0)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms; then analyse ${((performance.now() - drained) / 1000).toFixed(1)} s`,
  );
  await db.destroy();
}

void main();
