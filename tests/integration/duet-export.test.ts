// Duet's own export and import on both databases: a site with a published post and a later
// draft of it, a scheduled post, a review request, tags, authors, accounts and media with
// alt text goes out as a ZIP and comes back into an empty database with nothing lost (the
// second export's duet.json is the first's, byte for byte, but for its createdAt); no
// secret leaves; a non-empty database, a malformed document and a failing write import
// nothing.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '@/cli/run-cli';
import { exportCommand, importDuetCommand } from '@/cli/commands/export';
import { AppError } from '@/core/errors/app-error';
import { renderDocument } from '@/core/markdown/render-document';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';
import { createSearchRepository } from '@/db/repositories/search-repository';
import { createStudioRepository } from '@/db/repositories/studio-repository';
import type { Database } from '@/db/schema';
import { createAccount, setPassword, signIn } from '@/server/auth/accounts';
import { importDuetExport } from '@/server/export/import-duet-export';
import { unpackText, type StoredText } from '@/db/stored-text';
import { writeDuetExport } from '@/server/export/write-export-zip';
import { openImportArchive } from '@/server/import/read-archive';
import { makeAuthor, makeImage, makePost, makeTag, unique } from './helpers/factories';
import { testTargets, type TestDatabase, type TestTarget } from './helpers/test-databases';

const word = `zqexport${Math.random().toString(36).slice(2, 10).replace(/\d/g, 'x')}`;

async function readArchive(file: string): Promise<Map<string, Buffer>> {
  const archive = await openImportArchive(file);
  try {
    const files = new Map<string, Buffer>();
    for (const entry of archive.entries) {
      const chunks: Buffer[] = [];
      for await (const chunk of await archive.openEntry(entry.path)) chunks.push(chunk as Buffer);
      files.set(entry.path, Buffer.concat(chunks));
    }
    return files;
  } finally {
    archive.close();
  }
}

async function countRows(db: Kysely<Database>, table: 'posts' | 'post_translations' | 'revisions' | 'authors' | 'auth_users' | 'media'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** duet.json without the one line that differs between two exports of the same content. */
const withoutCreatedAt = (json: Buffer) => json.toString('utf8').replace(/^ {2}"createdAt": .*\n/m, '');

function captureIo(env: CliIo['env']): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return { env, stdout: { write: (c: string) => ((out += c), true) }, stderr: { write: (c: string) => ((err += c), true) }, out: () => out, err: () => err };
}

/** A media file on disk with a variant, and its row with alt text and a caption in both languages. */
async function makeStoredImage(content: ContentRepository, dataDir: string) {
  const name = unique('photo');
  const bytes = Buffer.from(`not really a picture ${name}`);
  const variant = Buffer.from(`a smaller one ${name}`);
  mkdirSync(join(dataDir, 'media', 'images'), { recursive: true });
  writeFileSync(join(dataDir, 'media', 'images', `${name}.abcdef0123.webp`), bytes);
  writeFileSync(join(dataDir, 'media', 'images', `${name}.abcdef0123.w480.webp`), variant);
  return content.createMedia({
    kind: 'image',
    path: `/images/${name}.abcdef0123.webp`,
    mime: 'image/webp',
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    width: 1200,
    height: 800,
    alt: { zh: '一张照片', en: 'A photo' },
    caption: { en: 'Taken at dawn' },
    variants: [{ width: 480, height: 320, format: 'webp', path: `/images/${name}.abcdef0123.w480.webp` }],
  });
}

/** The content of the round trip: every state a translation can be in, and what surrounds it. */
async function buildSite(t: TestDatabase) {
  const content = createContentRepository(t.db, renderDocument);
  const studio = createStudioRepository(t.db, renderDocument);
  const publishing = createPublishingRepository(t.db, renderDocument);
  const editor = await createAccount(t.db, { name: 'Editor', email: `${unique('e')}@example.com`, password: 'long enough pw', role: 'editor' });
  const [author, tagA, tagB, photo, unfiled] = [await makeAuthor(content), await makeTag(content), await makeTag(content), await makeStoredImage(content, t.dataDir), await makeImage(content)];
  await content.saveSiteSettings('zh', { title: '双语站', description: '描述' });
  await content.saveSiteSettings('en', { title: 'Duet site', description: 'About', navigation: [{ label: 'About', href: '/en/about' }] });

  const published = await makePost(content, { authorIds: [author.id], tagIds: [tagA.id, tagB.id], coverMediaId: photo.id, featured: true });
  const draft = (await studio.getStudioPost(published.id))!.translations.en!;
  await studio.saveDraft(published.id, 'en', { fields: { slug: unique('moved'), title: 'A later title', body: `A later body ${word}` }, expectedRevisionId: draft.revisionId, userId: editor.id });
  await publishing.submitForReview(published.id, 'en', editor.id, 'Please look');

  const scheduled = await makePost(content, {
    status: 'draft',
    publishedAt: null,
    tagIds: [tagA.id],
    coverMediaId: unfiled.id,
    translations: { zh: { slug: unique('zh'), title: '定时', body: '稍后发布。', state: 'draft' }, en: { slug: unique('en'), title: 'Later', body: 'Goes out later.', state: 'draft' } },
  });
  await publishing.schedule(scheduled.id, 'zh', new Date(Date.now() + 7 * 24 * 3600 * 1000));
  const live = await makePost(content, { translations: { zh: { slug: unique('zh'), title: '已发布', body: `正文 ${word}`, state: 'published' }, en: { slug: unique('en'), title: 'Live', body: `Body ${word}`, state: 'published' } } });
  return { editor, published, scheduled, live };
}

function suite(target: TestTarget) {
  describe.skipIf(target.skip)(`duet export and import (${target.name})`, () => {
    const work = mkdtempSync(join(tmpdir(), 'duet-export-test-'));
    const firstZip = join(work, 'first.zip');
    const cliZip = join(work, 'cli.zip');
    let site: Awaited<ReturnType<typeof buildSite>>;
    let passwordHash: string;
    let refusal: unknown;
    let cliExport: ReturnType<typeof captureIo>;
    let failedExport: unknown;

    /**
     * One database at a time: on PostgreSQL the migrations (and Kysely's own tables) look
     * for what exists in every schema of the database, so a second fresh schema beside a
     * migrated one would not be migrated.
     */
    async function withEmptyDatabase<T>(work: (t: TestDatabase) => Promise<T>): Promise<T> {
      const t = await target.open();
      try {
        await migrateToLatest(t.db);
        return await work(t);
      } finally {
        await t.close();
      }
    }

    beforeAll(async () => {
      await withEmptyDatabase(async (source) => {
        site = await buildSite(source);
        await writeDuetExport(source.db, { dataDir: source.dataDir, file: firstZip });
        passwordHash = (await source.db.selectFrom('auth_accounts').select('password').executeTakeFirstOrThrow()).password!;
        refusal = await importDuetExport(source.db, source.dataDir, firstZip).catch((error: unknown) => error);
        cliExport = captureIo({ DATABASE_URL: source.url });
        expect(await exportCommand(cliExport, source.dataDir, [cliZip])).toBe(0);
        failedExport = await writeDuetExport(source.db, { dataDir: source.dataDir, file: join(work, 'no-such-folder', 'x.zip') }).catch((error: unknown) => error);
        expect(await countRows(source.db, 'posts')).toBe(3);
      });
    }, 60_000);
    afterAll(() => rmSync(work, { recursive: true, force: true }));

    it('brings everything back: the second export is the first, byte for byte, but for createdAt', async () => {
      const secondZip = join(work, 'second.zip');
      await withEmptyDatabase(async (copy) => {
        const summary = await importDuetExport(copy.db, copy.dataDir, firstZip);
        expect(summary).toMatchObject({ posts: 3, accounts: 1, files: { written: 2, kept: 0 } });
        await writeDuetExport(copy.db, { dataDir: copy.dataDir, file: secondZip });

        // Readers get the live text, the Studio the later draft; search finds what is live.
        const content = createContentRepository(copy.db);
        const liveEn = site.published.translations.en!;
        expect((await content.findPostBySlug('en', liveEn.slug))?.post.translations.en?.title).toBe(liveEn.title);
        // The live texts come back without a copy of their Markdown: their revisions hold it (live-body.ts).
        expect((await content.findPostBySlug('en', liveEn.slug))?.post.translations.en?.body).toBe(liveEn.body);
        const { rows: liveBodies } = await sql<{ body: StoredText }>`select body from live_translations`.execute(copy.db);
        expect(liveBodies.map((row) => unpackText(row.body))).toEqual(['', '', '', '']);
        // The drafts too, the later one included: each equals its revision's text.
        const { rows: draftBodies } = await sql<{ body: StoredText }>`select body from post_translations`.execute(copy.db);
        expect(draftBodies.length).toBeGreaterThan(4);
        expect(draftBodies.every((row) => unpackText(row.body) === '')).toBe(true);
        expect((await createStudioRepository(copy.db).getStudioPost(site.published.id))!.translations.en!.title).toBe('A later title');
        const found = await createSearchRepository(copy.db).search({ query: word, page: 1, pageSize: 10 });
        expect(found.items.map((item) => item.postId)).toContain(site.live.id);
        // New rows get ids after the imported ones (PostgreSQL's sequences were moved on).
        const next = await makePost(createContentRepository(copy.db, renderDocument), { tagIds: [await makeTag(createContentRepository(copy.db)).then((tag) => tag.id)] });
        expect(next.id).toBeGreaterThan(Math.max(site.published.id, site.scheduled.id, site.live.id));
      });
      const [first, second] = [await readArchive(firstZip), await readArchive(secondZip)];
      expect(withoutCreatedAt(second.get('duet.json')!)).toBe(withoutCreatedAt(first.get('duet.json')!));
      expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
      for (const [path, bytes] of first) if (path !== 'duet.json') expect(second.get(path)?.equals(bytes), path).toBe(true);
    });

    it('writes a documented duet.json, a Markdown file per text and the media, and no secret', async () => {
      const files = await readArchive(firstZip);
      const json = files.get('duet.json')!.toString('utf8');
      const doc = JSON.parse(json) as {
        format: string;
        media: Array<{ files: Array<{ archivePath: string; sha256: string }> }>;
        posts: Array<{ id: number; translations: Array<{ locale: string; markdownPath: string; schedule: unknown; live: unknown }> }>;
      };
      expect(json).toBe(`${JSON.stringify(doc, null, 2)}\n`);
      expect(doc.format).toBe('duet-export');
      expect(json).not.toContain(passwordHash);
      expect(json).not.toMatch(/"(password|token|tokenHash|sessions?)"/i);
      for (const file of doc.media.flatMap((m) => m.files)) {
        expect(createHash('sha256').update(files.get(file.archivePath)!).digest('hex')).toBe(file.sha256);
      }
      const scheduled = doc.posts.find((p) => p.id === site.scheduled.id)!;
      expect(scheduled.translations.find((t) => t.locale === 'zh')).toMatchObject({ live: null, schedule: { publishAt: expect.any(String) } });
      const edited = doc.posts.find((p) => p.id === site.published.id)!.translations.find((t) => t.locale === 'en')!;
      const markdown = files.get(edited.markdownPath)!.toString('utf8');
      const front = parseYaml(/^---\n([\s\S]*?)\n---/.exec(markdown)![1]!) as Record<string, unknown>;
      expect(front).toMatchObject({ pair: site.published.id, language: 'en', title: 'A later title', status: 'review' });
      expect((front.tags as string[]).length).toBe(2);
      expect(markdown).toContain(`A later body ${word}`);
    });

    it('fails an export it cannot write, leaving no file behind', () => {
      expect((failedExport as NodeJS.ErrnoException).code).toBe('ENOENT');
      expect(readdirSync(work).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    });

    it('refuses a database that is not empty, and changes nothing in it', () => {
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).message).toMatch(/not empty \(it holds 3 posts, .*1 account\)/);
    });

    it('names the field at fault in a malformed duet.json, and imports nothing', async () => {
      const doc = JSON.parse((await readArchive(firstZip)).get('duet.json')!.toString('utf8'));
      doc.posts[1].translations[0].draft.slug = 5;
      doc.posts[0].bylines[0].authorId = 999_999;
      const file = join(work, 'bad.json');
      writeFileSync(file, JSON.stringify(doc));
      await withEmptyDatabase(async (empty) => {
        await expect(importDuetExport(empty.db, empty.dataDir, file)).rejects.toThrow(/posts\[1\]\.translations\[0\]\.draft\.slug: .*expected string/i);
        doc.posts[1].translations[0].draft.slug = 'fine';
        writeFileSync(file, JSON.stringify(doc));
        await expect(importDuetExport(empty.db, empty.dataDir, file)).rejects.toThrow(/posts\[0\]\.bylines\[0\]\.authorId: No author in this export has the id 999999/);
        expect(await countRows(empty.db, 'posts')).toBe(0);
      });
    });

    it('leaves nothing behind when the database refuses a row half-way', async () => {
      await withEmptyDatabase(async (broken) => {
        // Review requests are written after posts, texts and revisions: losing the table fails the import late.
        await sql`drop table review_requests`.execute(broken.db);
        await expect(importDuetExport(broken.db, broken.dataDir, firstZip)).rejects.toThrow(/nothing was imported/);
        for (const table of ['posts', 'post_translations', 'revisions', 'authors', 'auth_users', 'media'] as const) {
          expect(await countRows(broken.db, table), table).toBe(0);
        }
      });
    });

    it('imports duet.json alone, reporting the media files it lacks', async () => {
      const file = join(work, 'alone.json');
      writeFileSync(file, (await readArchive(firstZip)).get('duet.json')!);
      const summary = await withEmptyDatabase((empty) => importDuetExport(empty.db, empty.dataDir, file));
      expect(summary.posts).toBe(3);
      expect(summary.missingFiles).toHaveLength(2);
    });

    it('runs as CLI commands with progress on stderr and a summary on stdout', async () => {
      expect(cliExport.out()).toMatch(/^Exported 3 posts \(6 texts, \d+ revisions\) and 2 media files to .*cli\.zip/);
      expect(cliExport.err()).toContain('duet export: exporting 3 posts and 2 media files');
      expect(cliExport.err()).toMatch(/Warning: 1 media file\(s\)/);
      await withEmptyDatabase(async (empty) => {
        const into = captureIo({ DATABASE_URL: empty.url, SITE_URL: 'http://127.0.0.1:1' });
        expect(await importDuetCommand(into, empty.dataDir, [cliZip])).toBe(0);
        expect(into.out()).toMatch(/^Imported 3 posts \(6 texts, \d+ revisions\)/);
        expect(into.out()).toContain('reset-password');
        // Nobody signs in until the password is set again; then the account works as before.
        const email = site.editor.email;
        const headers = new Headers({ 'user-agent': 'vitest' });
        await expect(signIn(empty.db, { email, password: 'long enough pw' }, { headers, address: '10.0.0.9' })).rejects.toThrow();
        await setPassword(empty.db, email, 'a new long password');
        expect((await signIn(empty.db, { email, password: 'a new long password' }, { headers, address: '10.0.0.9' })).userId).toBe(site.editor.id);
        const again = captureIo({ DATABASE_URL: empty.url, SITE_URL: 'http://127.0.0.1:1' });
        expect(await importDuetCommand(again, empty.dataDir, [cliZip])).toBe(1);
        expect(again.err()).toMatch(/^Nothing was imported: The database is not empty/);
      });
    }, 30_000);
  });
}

for (const target of testTargets) suite(target);
