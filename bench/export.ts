// Time and peak memory of `duet export` (and of importing its archive back) for a generated
// site: N bilingual posts with demo-length bodies, one post in ten with a later unpublished
// draft, and a few media files. The export and the import each run in a fresh child
// process, so their peak RSS is theirs alone; a child that only opens the database gives
// the baseline. SQLite in a temporary DATA_DIR.
//   npx tsx bench/export.ts [--posts 1000] [--media 20]
import { spawnSync } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderDocument } from '@/core/markdown/render-document';
import { createDatabase } from '@/db/client';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { importDuetExport } from '@/server/export/import-duet-export';
import { writeDuetExport } from '@/server/export/write-export-zip';
import { openImportArchive } from '@/server/import/read-archive';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 && Number.isInteger(Number(process.argv[at + 1])) ? Number(process.argv[at + 1]) : fallback;
};

/** In a child: do one thing, then print its time and this process's peak RSS as JSON. */
async function child(mode: string, dataDir: string, file: string): Promise<void> {
  const db = createDatabase({ url: '', dataDir });
  const started = performance.now();
  await migrateToLatest(db);
  if (mode === 'export') await writeDuetExport(db, { dataDir, file });
  if (mode === 'import') await importDuetExport(db, dataDir, file);
  const seconds = (performance.now() - started) / 1000;
  await db.destroy();
  const cpu = process.cpuUsage();
  console.log(JSON.stringify({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, maxRssMiB: process.resourceUsage().maxRSS / 1024 }));
}

function runChild(mode: string, dataDir: string, file: string): { seconds: number; maxRssMiB: number } {
  const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
  const result = spawnSync(tsx, ['bench/export.ts', '--child', mode, dataDir, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error(`${mode} child failed`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { seconds: number; maxRssMiB: number };
}

async function generate(dataDir: string, posts: number, mediaCount: number): Promise<void> {
  const demo = join(process.cwd(), 'demo', 'posts');
  const body = (file: string) => readFileSync(file, 'utf8').replace(/^---[\s\S]*?---\n/, '');
  const pairs = readdirSync(demo)
    .filter((key) => existsSync(join(demo, key, 'zh.md')) && existsSync(join(demo, key, 'en.md')))
    .map((key) => ({ zh: body(join(demo, key, 'zh.md')), en: body(join(demo, key, 'en.md')) }));
  const db = createDatabase({ url: '', dataDir });
  await migrateToLatest(db);
  const repo = createContentRepository(db, renderDocument);
  const media: number[] = [];
  mkdirSync(join(dataDir, 'media', 'images'), { recursive: true });
  for (let i = 0; i < mediaCount; i++) {
    const bytes = randomBytes(512 * 1024);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const path = `/images/bench-${i}.${sha256.slice(0, 10)}.webp`;
    writeFileSync(join(dataDir, 'media', path), bytes);
    media.push((await repo.createMedia({ kind: 'image', path, mime: 'image/webp', bytes: bytes.length, sha256, width: 1600, height: 900, alt: { zh: `图 ${i}`, en: `Picture ${i}` } })).id);
  }
  const start = Date.now() - posts * 60_000;
  const started = performance.now();
  for (let i = 0; i < posts; i++) {
    const pair = pairs[i % pairs.length]!;
    const post = await repo.createPost({
      status: 'published',
      sourceLocale: 'zh',
      publishedAt: new Date(start + i * 60_000),
      coverMediaId: media.length ? media[i % media.length]! : null,
      translations: {
        zh: { slug: `sheng-cheng-${i}`, title: `第 ${i} 篇`, excerpt: '生成的文章。', body: pair.zh, state: 'published' },
        en: { slug: `generated-${i}`, title: `Number ${i}`, excerpt: 'A generated article.', body: pair.en, state: 'published' },
      },
    });
    if (i % 10 === 0) await repo.saveTranslation(post.id, 'en', { slug: `generated-${i}`, title: `Number ${i}, revised`, body: `${pair.en}\n\nA later paragraph.` }, { basedOnRevisionId: post.translations.zh!.revisionId });
    if ((i + 1) % 250 === 0) console.log(`  generated ${i + 1}/${posts} posts (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  await db.destroy();
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--child');
  if (at >= 0) return child(process.argv[at + 1]!, process.argv[at + 2]!, process.argv[at + 3]!);

  const posts = arg('--posts', 1000);
  const mediaCount = arg('--media', 20);
  const work = mkdtempSync(join(tmpdir(), 'duet-bench-export-'));
  try {
    const source = join(work, 'source');
    const copy = join(work, 'copy');
    const file = join(work, 'site.zip');
    console.log(`generating ${posts} posts and ${mediaCount} media files of 512 KiB…`);
    await generate(source, posts, mediaCount);

    const baseline = runChild('baseline', source, file);
    const exported = runChild('export', source, file);
    const imported = runChild('import', copy, file);
    const archive = await openImportArchive(file);
    const json = archive.entries.find((e) => e.path === 'duet.json')!;
    const zipBytes = readFileSync(file).length;
    archive.close();
    const mib = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);
    console.log(`\n${posts} posts, ${archive.entries.length} archive entries; duet.json ${mib(json.size)} MiB (${mib(json.compressedSize)} MiB compressed); ZIP ${mib(zipBytes)} MiB`);
    console.log(`baseline (open + migrate): ${baseline.seconds.toFixed(2)} s, peak RSS ${baseline.maxRssMiB.toFixed(0)} MiB`);
    console.log(`export:                    ${exported.seconds.toFixed(2)} s, peak RSS ${exported.maxRssMiB.toFixed(0)} MiB`);
    console.log(`import into an empty site: ${imported.seconds.toFixed(2)} s, peak RSS ${imported.maxRssMiB.toFixed(0)} MiB`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
