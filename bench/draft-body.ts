// What the draft-body migration (2027-01-05T0001) costs and what reading the draft's
// Markdown from its revision costs the Studio: a fresh SQLite site of N bilingual posts of
// the demo's length, the migration's down step (a copy in every draft), its up step and a
// rerun timed, then each post's editor load (getStudioPost, both drafts with their
// Markdown), 3 rounds each with the drafts emptied, with the copies back, and emptied again.
//   npx tsx bench/draft-body.ts [posts, 1000]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createDatabase } from '../src/db/client';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { createContentRepository } from '../src/db/repositories/content-repository';
import { createStudioRepository } from '../src/db/repositories/studio-repository';
import { demoPairs, renderOnce } from './demo-texts';

const posts = Number(process.argv[2] ?? '1000');
async function main() {
  const db = createDatabase({ url: '', dataDir: mkdtempSync(join(tmpdir(), 'duet-db-')) });
  await migrateToLatest(db);
  const repo = createContentRepository(db, renderOnce);
  for (let i = 0; i < posts; i++) {
    const pair = demoPairs[i % demoPairs.length]!;
    await repo.createPost({ status: 'published', sourceLocale: 'zh', publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000), translations: {
      zh: { slug: `z-${i}`, title: `第 ${i} 篇`, excerpt: '', body: pair.zh, state: 'published' },
      en: { slug: `p-${i}`, title: `Post ${i}`, excerpt: '', body: pair.en, state: 'published' } } });
  }
  const m = migrations['2027-01-05T0001-draft-body']!;
  const studio = createStudioRepository(db);
  const ids = (await db.selectFrom('posts').select('id').orderBy('id').execute()).map((row) => row.id);
  const readAll = async (label: string) => {
    for (let round = 0; round < 3; round++) {
      const t0 = process.cpuUsage();
      for (const id of ids) {
        const post = await studio.getStudioPost(id);
        if (!post?.translations.zh?.body) throw new Error(`Post ${id} came back without its Markdown`);
      }
      const c = process.cpuUsage(t0);
      console.log(label, 'round', round, ((c.user + c.system) / posts).toFixed(0), 'µs cpu per editor load');
    }
  };
  const u = db as unknown as Kysely<unknown>;
  let t = process.cpuUsage(); let w = performance.now();
  await m.down!(u);
  console.log('down', cpuMs(t), 'ms cpu', (performance.now() - w).toFixed(0), 'ms wall');
  t = process.cpuUsage(); w = performance.now();
  await m.up(u);
  console.log('up', cpuMs(t), 'ms cpu', (performance.now() - w).toFixed(0), 'ms wall');
  t = process.cpuUsage(); w = performance.now();
  await m.up(u);
  console.log('rerun', cpuMs(t), 'ms cpu', (performance.now() - w).toFixed(0), 'ms wall');
  const { rows } = await sql<{ n: number }>`select count(*) as n from post_translations where body <> ''`.execute(u);
  console.log('left', rows[0]!.n);
  await readAll('emptied');
  await m.down!(u);
  await readAll('copies');
  await m.up(u);
  await readAll('emptied again');
  await db.destroy();
}

/** CPU (user and system) of this process since `since`, in ms: better-sqlite3 runs SQLite in it. */
function cpuMs(since: NodeJS.CpuUsage): string {
  const used = process.cpuUsage(since);
  return ((used.user + used.system) / 1000).toFixed(0);
}
void main();
