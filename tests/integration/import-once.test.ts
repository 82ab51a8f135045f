// An import brings a site in exactly once and says honestly what failed, on both
// databases: the same Ghost export from another path (the command line, and the Studio's
// job, which saves each upload at a temporary path of its own) creates nothing the second
// time and the dry run counts what is already here; keys written by earlier versions are
// recognised; people saving in the Studio while its import runs cost no post; a text that
// runs out of time is never stored as rendered; a ZIP whose headers lie is refused with
// nothing written; WordPress blocks that cannot be imported are named with their post.
import { copyFileSync, createReadStream, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli, type CliIo } from '@/cli/run-cli';
import type { ImportDocument, ImportPost } from '@/core/import/import-document';
import { parseGhostExport } from '@/core/import/ghost/parse-ghost-export';
import { renderDocument } from '@/core/markdown/render-document';
import { migrateToLatest } from '@/db/migrate';
import { createStudioRepository } from '@/db/repositories/studio-repository';
import { createAccount } from '@/server/auth/accounts';
import type { ImportReport } from '@/server/import/import-report';
import { runImport } from '@/server/import/write-import';
import { closeRenderPool, renderInWorker } from '@/server/render/render-pool';
import { readJob } from '@/server/site-jobs/job-store';
import { viewJob } from '@/server/site-jobs/job-view';
import type { SiteJob } from '@/server/site-jobs/site-job';
import { confirmImport, startImportPreview } from '@/server/site-jobs/start-site-job';
import { unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';
import { unpackText } from '@/db/stored-text';

vi.mock('next/cache', async () => (await import('./helpers/next-doubles')).nextCacheDouble);

const work = mkdtempSync(join(tmpdir(), 'duet-import-once-'));

/** A Ghost 5 export of `count` English posts with object ids, as Ghost writes them. */
function ghostExport(count: number, seed: string): string {
  const posts = Array.from({ length: count }, (_, i) => ({
    id: `${seed}${String(i).padStart(24 - seed.length, '0')}`,
    uuid: `00000000-0000-4000-8000-${seed.padEnd(6, '0').slice(0, 6)}${String(i).padStart(6, '0')}`,
    title: `Field note ${i + 1}`,
    slug: `field-note-${seed}-${i + 1}`,
    html: `<p>Notes from the field, day ${i + 1}: the river was <strong>high</strong> and the light was long.</p>`,
    type: 'post',
    status: 'published',
    visibility: 'public',
    featured: false,
    created_at: '2024-05-01T10:00:00.000Z',
    updated_at: '2024-05-01T10:00:00.000Z',
    published_at: new Date(Date.UTC(2024, 4, 1) + i * 3_600_000).toISOString(),
  }));
  return JSON.stringify({ db: [{ meta: { exported_on: 1715000000000, version: '5.82.0' }, data: { posts, tags: [], posts_tags: [], users: [], posts_authors: [] } }] });
}

/** The export copied to a fresh temporary path, as a second upload would be. */
function copyTo(file: string): string {
  const copy = join(mkdtempSync(join(work, 'upload-')), 'source.json');
  copyFileSync(file, copy);
  return copy;
}

function cliIo(t: TestDatabase) {
  let out = '';
  let err = '';
  const io: CliIo = { env: { DATA_DIR: t.dataDir, DATABASE_URL: t.url }, stdout: { write: (c: string) => ((out += c), true) }, stderr: { write: (c: string) => ((err += c), true) } };
  return { io, out: () => out, err: () => err };
}

async function importByCli(t: TestDatabase, file: string, extra: string[] = []) {
  const report = join(work, `${unique('report')}.json`);
  const { io, out, err } = cliIo(t);
  const code = await runCli(['import', file, '--language', 'en', '--report', report, ...extra], io);
  return { code, out: out(), err: err(), report: existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as ImportReport) : null };
}

const countPosts = async (t: TestDatabase) => Number((await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

async function finished(dataDir: string, id: string): Promise<SiteJob> {
  for (;;) {
    const job = (await readJob(dataDir, id))!;
    if (job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Uploads a copy of `file` in the Studio, waits for its preview, confirms it, waits for the import. */
async function importInStudio(t: TestDatabase, file: string, userId: string, whileImporting?: (jobId: string) => Promise<void>) {
  const upload = copyTo(file);
  const started = await startImportPreview({ dataDir: t.dataDir, userId, stream: Readable.toWeb(createReadStream(upload)) as ReadableStream<Uint8Array>, fileName: 'my-site.ghost.json', language: 'en' });
  const preview = await viewJob(t.dataDir, await finished(t.dataDir, started.id));
  if (preview.job.state !== 'done') return { preview, imported: null };
  const job = await confirmImport({ dataDir: t.dataDir, userId, previewId: preview.job.id });
  // A write that fails meanwhile fails the test at once.
  const [done] = await Promise.all([finished(t.dataDir, job.id), whileImporting?.(job.id)]);
  return { preview, imported: await viewJob(t.dataDir, done) };
}

afterAll(() => closeRenderPool());

for (const target of testTargets) {
  describe.skipIf(target.skip)(`importing exactly once (${target.name})`, () => {
    let t: TestDatabase;
    let userId: string;
    const savedEnv = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      // The Studio's job runs the command line in a child process with this environment.
      process.env.DATABASE_URL = t.url;
      process.env.DATA_DIR = t.dataDir;
      userId = (await createAccount(t.db, { name: 'Owner', email: `${unique('o')}@example.com`, password: 'long enough pw', role: 'owner' })).id;
    });
    afterAll(async () => {
      process.env.DATABASE_URL = savedEnv.DATABASE_URL;
      process.env.DATA_DIR = savedEnv.DATA_DIR;
      if (savedEnv.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
      if (savedEnv.DATA_DIR === undefined) delete process.env.DATA_DIR;
      await t?.close();
    });

    it('imports the same Ghost export once, from any path: the second run and the dry run count what is here', async () => {
      const file = join(work, `${unique('ghost')}.json`);
      writeFileSync(file, ghostExport(12, 'a1'));
      const before = await countPosts(t);
      const first = await importByCli(t, copyTo(file));
      expect(first.code).toBe(0);
      expect(first.report!.counts).toMatchObject({ created: 12, failed: 0, skipped: 0 });
      expect(await countPosts(t)).toBe(before + 12);

      const dry = await importByCli(t, copyTo(file), ['--dry-run']);
      expect(dry.report!.counts).toMatchObject({ created: 0, skipped: 12, alreadyImported: 12 });
      expect(dry.out).toContain('would create 0 posts; 12 already imported');

      const again = await importByCli(t, copyTo(file), ['--site-url', 'https://notes.example.com']);
      expect(again.report!.counts).toMatchObject({ created: 0, updated: 0, skipped: 12, failed: 0 });
      expect(await countPosts(t)).toBe(before + 12);
      // No `-2` slugs: every post exists once.
      const slugs = await t.db.selectFrom('post_translations').select('slug').where('slug', 'like', 'field-note-a1-%').execute();
      expect(slugs).toHaveLength(12);
    });

    it('recognises what an earlier version recorded under the upload’s temporary path', async () => {
      const file = join(work, `${unique('ghost')}.json`);
      writeFileSync(file, ghostExport(3, 'b2'));
      // The old key: the kind and the path the file was read from.
      const old = await runImport(t.db, parseGhostExport(readFileSync(file, 'utf8'), { defaultLocale: 'en' }), { render: renderDocument, dataDir: t.dataDir, files: null, dryRun: false, sourceKey: `ghost ${join(work, 'jobs', 'old-upload', 'source.json')}` });
      expect(old.counts.created).toBe(3);
      const before = await countPosts(t);
      const now = await importByCli(t, copyTo(file));
      expect(now.report!.counts).toMatchObject({ created: 0, skipped: 3 });
      expect(await countPosts(t)).toBe(before);
    });

    it('imports in the Studio once: a second upload of the same file (another temporary path) previews nothing new and creates nothing', async () => {
      const file = join(work, `${unique('ghost')}.json`);
      writeFileSync(file, ghostExport(5, 'c3'));
      const first = await importInStudio(t, file, userId);
      expect(first.preview.report!.counts).toMatchObject({ created: 5, skipped: 0 });
      expect(first.imported!.job).toMatchObject({ state: 'done', counts: { created: 5, updated: 0, skipped: 0, failed: 0 } });
      const before = await countPosts(t);
      const second = await importInStudio(t, file, userId);
      expect(second.preview.report!.counts).toMatchObject({ created: 0, skipped: 5 });
      expect(second.imported!.job).toMatchObject({ state: 'done', counts: { created: 0, skipped: 5, failed: 0 } });
      expect(await countPosts(t)).toBe(before);
    }, 120_000);

    it('loses no post while people save in the Studio during its import, and counts it right', async () => {
      const file = join(work, `${unique('ghost')}.json`);
      writeFileSync(file, ghostExport(150, 'd4'));
      const studio = createStudioRepository(t.db, renderDocument);
      let saved = 0;
      const result = await importInStudio(t, file, userId, async (jobId) => {
        // An editor creating drafts for as long as the import runs, each a write of its own,
        // one every 20 ms: far more often than people save, and paced, so the saves fall
        // between the import's writes rather than taking the machine from it (unpaced, the
        // loop made the import on PostgreSQL take 41 s instead of 8 in a loaded run).
        while ((await readJob(t.dataDir, jobId))!.state === 'running') {
          await studio.createDraftPost({ sourceLocale: 'en', title: unique('Written meanwhile'), userId, authorId: null });
          saved += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      expect(result.imported!.job).toMatchObject({ state: 'done', counts: { created: 150, skipped: 0, failed: 0 } });
      expect(result.imported!.report!.failures).toEqual([]);
      expect(saved).toBeGreaterThan(0);
      const imported = await t.db.selectFrom('post_translations').select('slug').where('slug', 'like', 'field-note-d4-%').execute();
      expect(imported).toHaveLength(150);
    }, 180_000);

    it('never stores a text that ran out of time as rendered: a longer budget renders it, else it stays a draft and is reported', async () => {
      // The render pool's test setting: a budget of a few milliseconds, which a long table outlives.
      const env = { base: process.env.DUET_RENDER_BASE_MS, perKb: process.env.DUET_RENDER_MS_PER_KB };
      process.env.DUET_RENDER_BASE_MS = '5';
      process.env.DUET_RENDER_MS_PER_KB = '0';
      try {
        const table = '| river | height |\n|---|---|\n' + '| Elbe | 2 m |\n'.repeat(500);
        const doc = oneTextDocument(unique('slow'), table);
        const longer = await runImport(t.db, doc, { render: (input) => renderInWorker(input), renderLonger: (input) => renderInWorker(input, 120_000), dataDir: t.dataDir, files: null, dryRun: false });
        expect(longer.counts).toMatchObject({ created: 1, failed: 0 });
        expect(longer.warnings.filter((w) => w.code === 'render-pending')).toEqual([]);
        const live = await t.db.selectFrom('live_translations').select(['html', 'render_version']).where('post_id', '=', longer.posts[0]!.postId!).executeTakeFirstOrThrow();
        expect(unpackText(live.html)).toContain('<table>');

        const stuckDoc = oneTextDocument(unique('stuck'), table);
        const stuck = await runImport(t.db, stuckDoc, { render: (input) => renderInWorker(input), renderLonger: (input) => renderInWorker(input, 5), dataDir: t.dataDir, files: null, dryRun: false });
        expect(stuck.counts).toMatchObject({ created: 1, failed: 0 });
        const postId = stuck.posts[0]!.postId!;
        expect(stuck.warnings).toContainEqual(expect.objectContaining({ code: 'render-pending', sourceId: stuckDoc.posts[0]!.sourceId }));
        // Not published, and its stored preview is not taken for a current rendering.
        expect(await t.db.selectFrom('live_translations').select('slug').where('post_id', '=', postId).execute()).toEqual([]);
        const draft = await t.db.selectFrom('post_translations').select(['render_version', 'state']).where('post_id', '=', postId).executeTakeFirstOrThrow();
        expect(draft).toMatchObject({ render_version: 0, state: 'draft' });
      } finally {
        restoreEnv('DUET_RENDER_BASE_MS', env.base);
        restoreEnv('DUET_RENDER_MS_PER_KB', env.perKb);
      }
    }, 180_000);

    it('refuses a ZIP whose headers understate an entry, with a message, writing nothing', async () => {
      const before = await countPosts(t);
      const json = ghostExport(2, 'e5');
      const zip = craftedZip([
        { path: 'export.json', data: Buffer.from(json) },
        { path: 'content/images/2024/05/cover.jpg', data: Buffer.alloc(2_000_000, 1), claimed: 100 },
      ]);
      const result = await importByCli(t, zip);
      expect(result.code).toBe(1);
      expect(result.report).toBeNull();
      expect(result.err).toContain('Nothing was imported: The archive entry “content/images/2024/05/cover.jpg” does not hold what its header says (100 bytes');
      expect(await countPosts(t)).toBe(before);
    });

    it('names the WordPress blocks it cannot import with their post, and leaves no stray words', async () => {
      const result = await importByCli(t, 'tests/fixtures/import/wxr/block-theme.xml');
      expect(result.code).toBe(0);
      const named = result.report!.warnings.filter((w) => w.code === 'wordpress-block');
      expect(named.map((w) => w.sourceId)).toEqual(['301', '302']);
      expect(named[0]!.message).toContain('“Reading list”');
      expect(named[0]!.message).toContain('wp:query');
      expect(named[0]!.message).toContain('wp:template-part (header, twentytwentyfour)');
      expect(result.out).toContain('wordpress-block: “Reading list”');
      const page = await t.db.selectFrom('live_translations').select(['html']).where('slug', '=', 'reading-list').executeTakeFirstOrThrow();
      expect(unpackText(page.html)).toContain('Books I keep returning to.');
      for (const stray of ['Nothing on the shelf', 'Newer shelves', 'Older shelves']) expect(unpackText(page.html)).not.toContain(stray);
    });
  });
}

function restoreEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

function oneTextDocument(sourceId: string, body: string): ImportDocument {
  const post: ImportPost = {
    sourceId,
    kind: 'post',
    featured: false,
    authors: [],
    tags: [],
    cover: null,
    pairedBy: null,
    texts: {
      en: { sourceId, locale: 'en', localeEvidence: 'marker', slug: sourceId, title: `Rivers ${sourceId}`, excerpt: '', body, seoTitle: null, seoDescription: null, status: 'published', passwordProtected: false, publishedAt: '2024-05-01T10:00:00.000Z', createdAt: '2024-05-01T10:00:00.000Z', updatedAt: null, canonicalUrl: null, media: [] },
    },
  };
  return { source: { kind: 'hugo', version: null, siteUrl: null }, authors: [], tags: [], posts: [post], warnings: [] };
}

/** A ZIP written byte by byte, its headers stating `claimed` bytes for an entry when given. */
function craftedZip(entries: Array<{ path: string; data: Buffer; claimed?: number }>): string {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const stored = deflateRawSync(entry.data);
    const name = Buffer.from(entry.path, 'utf8');
    const size = entry.claimed ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(entry.data), 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  const file = join(work, `${unique('crafted')}.zip`);
  writeFileSync(file, Buffer.concat([...locals, ...centrals, end]));
  return file;
}
