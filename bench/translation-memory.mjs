// Translation memory speed at 1,000 and 10,000 generated bilingual posts (plus the demo),
// on SQLite: the time to build the whole memory and its key index from the live tables
// (db/repositories/translation-memory.ts, `rebuild`), and lookups a second as the editor
// makes them (`suggest`: one source block, both directions, exact and fuzzy queries taken
// from the demo articles with one word or character changed). Posts come from
// bench/generate-posts.ts --vary (every post's first paragraph numbered, so no two posts
// are the same pair) into a temporary DATA_DIR; publishing them fills the memory as it
// goes, then the memory is emptied and rebuilt for the build time.
//   npx tsx bench/translation-memory.mjs [--posts 1000,10000] [--seconds 10] [--site DIR]
// --site copies the SQLite site of DIR (e.g. bench/.data/post-add-1000, bench/post-add.ts)
// instead of generating one: the same site for two versions of the code.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../src/db/client';
import { createTranslationMemory } from '../src/db/repositories/translation-memory';
import { segmentPair } from '../src/core/translation/segments';
import { closeRenderPool, markdownBlocksInWorker } from '../src/server/render/render-pool';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const counts = String(arg('--posts', '1000,10000')).split(',').map(Number);
const seconds = Number(arg('--seconds', '10'));
const site = arg('--site', undefined);

const demo = join(process.cwd(), 'demo', 'posts');
const bodyOf = (file) => readFileSync(file, 'utf8').replace(/^---[\s\S]*?---\n/, '');

/** Queries as a translator's caret makes them: demo segments, half of them with one token changed. */
function queries() {
  const list = [];
  for (const key of readdirSync(demo).sort()) {
    if (!existsSync(join(demo, key, 'zh.md')) || !existsSync(join(demo, key, 'en.md'))) continue;
    const zh = bodyOf(join(demo, key, 'zh.md'));
    const en = bodyOf(join(demo, key, 'en.md'));
    for (const [from, to, a, b] of [
      ['zh', 'en', zh, en],
      ['en', 'zh', en, zh],
    ]) {
      for (const [i, segment] of segmentPair(a, b, from, to).entries()) {
        if (segment.kind === 'pre' || segment.sourceText.length < 20) continue;
        const text = i % 2 === 0 ? segment.sourceText : from === 'zh' ? segment.sourceText.replace(/[\p{Script=Han}]/u, '某') : segment.sourceText.replace(/\b[a-z]{4,}\b/, 'something');
        list.push({ text, from, to });
      }
    }
  }
  return list;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(count, asked) {
  const dataDir = mkdtempSync(join(tmpdir(), 'duet-tm-bench-'));
  try {
    let started = performance.now();
    if (site) {
      for (const file of ['duet.db', 'duet.db-wal']) if (existsSync(join(site, file))) copyFileSync(join(site, file), join(dataDir, file));
    } else {
      console.log(`sqlite, ${count} posts: generating (the memory fills as they are published)…`);
      const gen = spawnSync(process.execPath, [join(process.cwd(), 'node_modules/tsx/dist/cli.mjs'), 'bench/generate-posts.ts', String(count), '--vary'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      if (gen.status !== 0) throw new Error('generate-posts failed');
    }
    const generateSeconds = (performance.now() - started) / 1000;

    const db = createDatabase({ url: '', dataDir });
    try {
      const memory = createTranslationMemory(db);
      await db.deleteFrom('translation_memory_units').execute();
      started = performance.now();
      // The Markdown cut in the render pool's workers, as a server or the CLI would.
      const posts = await memory.rebuild((markdown) => markdownBlocksInWorker(markdown));
      const buildSeconds = (performance.now() - started) / 1000;
      const units = await memory.size();
      const keys = Number((await db.selectFrom('translation_memory_keys').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

      // Warm up, then as many lookups as fit in the time, one after another (the request path).
      for (const q of asked.slice(0, 20)) await memory.suggest(q.text, q.from, q.to);
      const times = [];
      let offered = 0;
      const until = performance.now() + seconds * 1000;
      for (let i = 0; performance.now() < until; i += 1) {
        const q = asked[i % asked.length];
        const t0 = performance.now();
        const found = await memory.suggest(q.text, q.from, q.to);
        times.push(performance.now() - t0);
        if (found.length > 0) offered += 1;
      }
      times.sort((a, b) => a - b);
      const total = times.reduce((sum, t) => sum + t, 0);
      return {
        posts: count,
        'live posts read': posts,
        'generate + publish s': generateSeconds.toFixed(1),
        'memory build s': buildSeconds.toFixed(1),
        units,
        keys,
        lookups: times.length,
        'lookups/s': Math.round((times.length * 1000) / total),
        'p50 ms': percentile(times, 50).toFixed(2),
        'p95 ms': percentile(times, 95).toFixed(2),
        'max ms': times[times.length - 1].toFixed(2),
        'with a suggestion %': Math.round((100 * offered) / times.length),
      };
    } finally {
      await db.destroy();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const asked = queries();
console.log(`${asked.length} distinct queries from the demo articles, both directions`);
const rows = [];
for (const count of counts) {
  rows.push(await measure(count, asked));
  // Each size as soon as it is measured: the large one takes long.
  console.log(JSON.stringify(rows.at(-1)));
}
console.table(rows);
await closeRenderPool();
