// What the migrations that empty a copied Markdown cost, and what reading it from the
// revision instead costs: `live` (2027-01-04T0001-live-body: a reader's post page,
// findPostBySlug then getRenderings of its texts) or `draft` (2027-01-05T0001-draft-body:
// the Studio editor's load, getStudioPost with both drafts' Markdown). On a fresh SQLite
// site of N bilingual posts of the demo's length: the migration's down step (a copy in every
// row), its up step and a rerun timed, then every post read 3 rounds with the rows emptied,
// with the copies back, and emptied again.
//   npx tsx bench/body-marker.ts live|draft [posts, 1000]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createDatabase } from '../src/db/client';
import type { Database } from '../src/db/schema';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { createContentRepository } from '../src/db/repositories/content-repository';
import { createStudioRepository } from '../src/db/repositories/studio-repository';
import { demoPairs, renderOnce } from './demo-texts';

const kinds = {
  live: { migration: '2027-01-04T0001-live-body', table: 'live_translations', unit: 'post page', read: readPostPages },
  draft: { migration: '2027-01-05T0001-draft-body', table: 'post_translations', unit: 'editor load', read: loadEditors },
} as const;
const kind = kinds[process.argv[2] as keyof typeof kinds];
if (!kind) throw new Error('usage: npx tsx bench/body-marker.ts live|draft [posts]');
const posts = Number(process.argv[3] ?? '1000');

async function readPostPages(db: Kysely<Database>): Promise<void> {
  const reader = createContentRepository(db);
  for (let i = 0; i < posts; i++) {
    const found = await reader.findPostBySlug('zh', `z-${i}`);
    await reader.getRenderings(Object.values(found!.post.translations).map((x) => x!.id));
  }
}

async function loadEditors(db: Kysely<Database>): Promise<void> {
  const studio = createStudioRepository(db);
  for (const { id } of await db.selectFrom('posts').select('id').orderBy('id').execute()) {
    const post = await studio.getStudioPost(id);
    if (!post?.translations.zh?.body) throw new Error(`Post ${id} came back without its Markdown`);
  }
}

async function main() {
  const db = createDatabase({ url: '', dataDir: mkdtempSync(join(tmpdir(), 'duet-body-')) });
  await migrateToLatest(db);
  const repo = createContentRepository(db, renderOnce);
  for (let i = 0; i < posts; i++) {
    const pair = demoPairs[i % demoPairs.length]!;
    await repo.createPost({ status: 'published', sourceLocale: 'zh', publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000), translations: {
      zh: { slug: `z-${i}`, title: `第 ${i} 篇`, excerpt: '', body: pair.zh, state: 'published' },
      en: { slug: `p-${i}`, title: `Post ${i}`, excerpt: '', body: pair.en, state: 'published' } } });
  }
  const m = migrations[kind.migration]!;
  const u = db as unknown as Kysely<unknown>;
  const readAll = async (label: string) => {
    for (let round = 0; round < 3; round++) {
      const t0 = process.cpuUsage();
      await kind.read(db);
      const c = process.cpuUsage(t0);
      console.log(label, 'round', round, ((c.user + c.system) / posts).toFixed(0), `µs cpu per ${kind.unit}`);
    }
  };
  for (const [label, step] of [['down', m.down!], ['up', m.up], ['rerun', m.up]] as const) {
    const t = process.cpuUsage();
    const w = performance.now();
    await step(u);
    console.log(label, cpuMs(t), 'ms cpu', (performance.now() - w).toFixed(0), 'ms wall');
  }
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(kind.table)} where body <> ''`.execute(u);
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
