// `duet backup` and `duet restore` on both databases: a site (posts, drafts with revisions,
// an account signed in, media files, the auth secret) comes back from its archive with the
// same rows in every table and the same bytes in every file; a tampered archive is refused
// by the name of the entry and writes nothing; a non-empty target and a backup of the
// other database kind are refused; a backup taken while saves keep coming restores to a
// consistent site (every translation with its own revision, every revision with its translation).
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCommand, restoreCommand } from '@/cli/commands/backup';
import { renderDocument } from '@/core/markdown/render-document';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { draftBody } from '@/db/repositories/live-body';
import { unpackText } from '@/db/stored-text';
import { createSearchRepository } from '@/db/repositories/search-repository';
import { createStudioRepository } from '@/db/repositories/studio-repository';
import { createTranslationMemory } from '@/db/repositories/translation-memory';
import { createAccount, signIn } from '@/server/auth/accounts';
import { authFor } from '@/server/auth/auth';
import { createBackup } from '@/server/backup/create-backup';
import { isBackupRefusal } from '@/server/backup/backup-refused-error';
import { restoreBackup } from '@/server/backup/restore-backup';
import { captureIo, flipByteInEntry, openEmptySite, readAllTables, readMediaTree, type EmptySite } from './helpers/backup-fixtures';
import { makeAuthor, makeImage, makePost, makeTag, unique } from './helpers/factories';
import { testTargets } from './helpers/test-databases';

const work = mkdtempSync(join(tmpdir(), 'duet-backups-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const password = 'a long passphrase';

/** A small site with something of everything a backup must carry. */
async function buildSite(site: EmptySite) {
  const t = { db: site.db(), dataDir: site.dataDir };
  await migrateToLatest(t.db);
  const repo = createContentRepository(t.db, renderDocument);
  const studio = createStudioRepository(t.db, renderDocument);
  const author = await makeAuthor(repo);
  const tag = await makeTag(repo);
  const image = await makeImage(repo);
  const marker = `quokka${randomBytes(4).toString('hex')}`;
  await makePost(repo, { authorIds: [author.id], tagIds: [tag.id], coverMediaId: image.id });
  const slug = unique('marked');
  await repo.createPost({
    sourceLocale: 'en',
    status: 'published',
    translations: { en: { slug, title: `About ${marker}`, body: `Text about the ${marker}.`, state: 'published' } },
  });
  const email = `${unique('owner')}@example.com`;
  const account = await createAccount(t.db, { name: 'Owner', email, password, role: 'owner' });
  const draft = await studio.createDraftPost({ sourceLocale: 'zh', title: '草稿', userId: account.id, authorId: author.id });
  let revisionId = (await studio.getStudioPost(draft))!.translations.zh!.revisionId;
  for (const body of ['第一版', '第二版 with **bold**']) {
    revisionId = (await studio.saveDraft(draft, 'zh', { fields: { slug: unique('cao-gao'), title: '草稿', body }, expectedRevisionId: revisionId, userId: account.id })).revisionId;
  }
  const session = await signIn(t.db, { email, password }, { headers: new Headers({ 'user-agent': 'vitest' }), address: '10.0.0.9' });
  const cookie = /duet\.session_token=[^;]+/.exec(session.headers.get('set-cookie') ?? '')![0];

  const media = join(t.dataDir, 'media');
  for (const folder of ['images', 'audios', 'videos', '.tmp']) mkdirSync(join(media, folder), { recursive: true });
  writeFileSync(join(media, image.path.slice(1)), randomBytes(300_000));
  writeFileSync(join(media, 'audios', 'talk.0123456789ab.mp3'), randomBytes(2_000_000));
  writeFileSync(join(media, 'videos', 'talk.0123456789ab.vtt'), 'WEBVTT\n\n00:00.000 --> 00:01.000\n你好\n'.repeat(200));
  writeFileSync(join(media, '.tmp', 'partial-upload'), 'half a file');
  writeFileSync(join(t.dataDir, 'auth.secret'), randomBytes(32).toString('base64url'), { mode: 0o600 });
  return { marker, slug, cookie, userId: account.id };
}

async function refusalOf(promise: Promise<unknown>): Promise<{ reason?: string; message: string }> {
  try {
    await promise;
    return { message: 'restored' };
  } catch (error) {
    return isBackupRefusal(error) ? { reason: error.reason, message: error.message } : { message: `threw ${String(error)}` };
  }
}

async function expectNothingWritten(target: EmptySite, kind: string): Promise<void> {
  expect(readdirSync(target.dataDir)).toEqual([]);
  if (kind !== 'postgres') return;
  const { rows } = await sql<{ n: string }>`select count(*) as n from information_schema.tables where table_schema = current_schema()`.execute(target.db());
  expect(Number(rows[0]!.n)).toBe(0);
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`backup and restore (${target.name})`, () => {
    let source: EmptySite;
    let site: Awaited<ReturnType<typeof buildSite>>;
    let archive: string;
    const targets: EmptySite[] = [];
    const emptyTarget = async () => {
      const opened = await openEmptySite(target);
      targets.push(opened);
      return opened;
    };

    beforeAll(async () => {
      // Not target.open(): see openEmptySite for why PostgreSQL gets a database of its own.
      source = await openEmptySite(target);
      site = await buildSite(source);
      archive = join(work, `${target.name}-site.zip`);
    }, 60_000);
    afterAll(async () => {
      for (const opened of targets) await opened.close();
      await source?.close();
    });

    it('brings back every row and every media byte, through the commands', async () => {
      const backupIo = captureIo({ DATABASE_URL: source.url });
      expect(await backupCommand(backupIo, source.dataDir, [archive])).toBe(0);
      expect(backupIo.err()).toMatch(/^backing up: \d+ entries, /m);
      expect(backupIo.out()).toMatch(new RegExp(`^Backed up the ${target.name} database.* and 4 files .* to ${archive} `));

      const restored = await emptyTarget();
      const restoreIo = captureIo({ DATABASE_URL: restored.url });
      expect(await restoreCommand(restoreIo, restored.dataDir, [archive])).toBe(0);
      expect(restoreIo.err()).toMatch(/^verifying: \d+\/\d+ entries/m);
      expect(restoreIo.err()).toMatch(/^restoring: (\d+)\/\1 entries/m);
      expect(restoreIo.out()).toMatch(/^Restored the .* backup of .*Start the server to use it\.\n$/);

      expect(await readAllTables(restored.db(), target.name)).toEqual(await readAllTables(source.db(), target.name));
      const media = readMediaTree(restored.dataDir);
      expect([...media.keys()].sort()).toEqual([...readMediaTree(source.dataDir).keys()].sort());
      for (const [path, bytes] of readMediaTree(source.dataDir)) expect(media.get(path)!.equals(bytes), path).toBe(true);
      expect(readFileSync(join(restored.dataDir, 'auth.secret'), 'utf8')).toBe(readFileSync(join(source.dataDir, 'auth.secret'), 'utf8'));
    }, 60_000);

    it('restores a site that works: the post, the search index, the session, new ids', async () => {
      const restored = targets[0]!.db();
      await migrateToLatest(restored);
      expect((await createContentRepository(restored).findPostBySlug('en', site.slug))?.post.translations.en?.title).toBe(`About ${site.marker}`);
      expect((await createSearchRepository(restored).search({ query: site.marker, page: 1, pageSize: 5 })).total).toBe(1);
      const session = await authFor(restored).api.getSession({ headers: new Headers({ cookie: site.cookie }) });
      expect(session?.user.id).toBe(site.userId);
      // The translation memory's key index came back with its units (FTS5 on SQLite, GIN on PostgreSQL).
      const [suggestion] = await createTranslationMemory(restored).suggest(`${'Body text. '.repeat(50).trim()} Again.`, 'en', 'zh');
      expect(suggestion).toMatchObject({ targetText: '正文。'.repeat(50) });
      expect(suggestion!.percentage).toBeGreaterThanOrEqual(90);
      // Sequences (PostgreSQL) and AUTOINCREMENT (SQLite) continue after the restored ids.
      const tagIds = (await restored.selectFrom('tags').select('id').execute()).map((row) => row.id);
      expect((await makeTag(createContentRepository(restored))).id).toBeGreaterThan(Math.max(...tagIds));
    });

    it('refuses an archive with one byte changed, naming the entry, and writes nothing', async () => {
      for (const entry of ['media/audios/talk.0123456789ab.mp3', target.name === 'sqlite' ? 'database/duet.db' : 'database/revisions.jsonl']) {
        const tampered = join(work, `${target.name}-tampered-${entry.replace(/\W/g, '_')}.zip`);
        copyFileSync(archive, tampered);
        await flipByteInEntry(tampered, entry);
        const restored = await emptyTarget();
        const refusal = await refusalOf(restoreBackup({ file: tampered, dataDir: restored.dataDir, databaseUrl: restored.url }));
        expect(refusal).toMatchObject({ reason: 'checksum-mismatch' });
        expect(refusal.message).toContain(`“${entry}”`);
        await expectNothingWritten(restored, target.name);
      }
    });

    it('refuses a target that is not empty, and a backup of the other database kind', async () => {
      const restored = await emptyTarget();
      writeFileSync(join(restored.dataDir, 'notes.txt'), 'mine');
      const refusal = await refusalOf(restoreBackup({ file: archive, dataDir: restored.dataDir, databaseUrl: restored.url }));
      expect(refusal).toMatchObject({ reason: 'target-not-empty', message: expect.stringContaining('notes.txt') });
      expect(readdirSync(restored.dataDir)).toEqual(['notes.txt']);

      const otherKind = target.name === 'sqlite' ? 'postgres://nobody@127.0.0.1:1/none' : '';
      const empty = await emptyTarget();
      const crossed = await refusalOf(restoreBackup({ file: archive, dataDir: empty.dataDir, databaseUrl: otherKind }));
      expect(crossed).toMatchObject({ reason: 'database-kind-mismatch', message: expect.stringMatching(/across database kinds is not supported/) });
      expect(readdirSync(empty.dataDir)).toEqual([]);
    });

    it('refuses to overwrite a file, to back up nothing, or to run without its argument', async () => {
      expect(await refusalOf(createBackup({ file: archive, dataDir: source.dataDir, databaseUrl: source.url }))).toMatchObject({ reason: 'output-exists' });
      const empty = await emptyTarget();
      const file = join(work, `${target.name}-nothing.zip`);
      expect(await refusalOf(createBackup({ file, dataDir: empty.dataDir, databaseUrl: empty.url }))).toMatchObject({ reason: 'no-database' });
      expect(existsSync(file) || existsSync(`${file}.partial`)).toBe(false);
      const io = captureIo({});
      expect(await backupCommand(io, source.dataDir, [])).toBe(2);
      expect(await restoreCommand(io, source.dataDir, ['a', 'b'])).toBe(2);
      expect(io.err()).toContain('takes one argument');
    });

    it('takes consistent backups while saves keep coming', async () => {
      // The site of the tests above, which this test changes, so it comes last.
      const repo = createContentRepository(source.db(), renderDocument);
      for (let i = 0; i < 30; i++) await makePost(repo);
      const before = await countPosts(source.db());
      const userId = (await createAccount(source.db(), { name: 'Busy', email: `${unique('busy')}@example.com`, password, role: 'owner' })).id;
      const writers = startWriters(createStudioRepository(source.db(), renderDocument), userId, 3);
      const files: Array<{ file: string; acknowledged: Acknowledged[] }> = [];
      try {
        await writers.waitFor(3);
        // Two backups in a row: more chances for a save to land between two tables' reads.
        for (const n of [1, 2]) {
          const file = join(work, `${target.name}-busy-${n}.zip`);
          // Every save acknowledged before the backup starts must be in it.
          files.push({ file, acknowledged: writers.acknowledged() });
          await createBackup({ file, dataDir: source.dataDir, databaseUrl: source.url });
        }
      } finally {
        await writers.stop();
      }
      for (const { file, acknowledged } of files) {
        const restored = await emptyTarget();
        await restoreBackup({ file, dataDir: restored.dataDir, databaseUrl: restored.url });
        const restoredPosts = await countPosts(restored.db());
        expect(restoredPosts).toBeGreaterThanOrEqual(before + 3);
        expect(restoredPosts).toBeLessThanOrEqual(before + writers.posts());
        const revisions = await restored.db().selectFrom('revisions as r').innerJoin('post_translations as t', 't.id', 'r.translation_id').select(['r.id', 'r.body', 't.post_id']).execute();
        const found = new Set(revisions.map((r) => `${r.post_id} ${r.id} ${unpackText(r.body)}`));
        expect(acknowledged.length).toBeGreaterThanOrEqual(6);
        expect(acknowledged.filter((a) => !found.has(`${a.postId} ${a.revisionId} ${a.body}`))).toEqual([]);
        expect(await findInconsistencies(restored.db(), target.name)).toEqual([]);
      }
    }, 120_000);
  });
}

async function countPosts(db: ReturnType<EmptySite['db']>): Promise<number> {
  return Number((await db.selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
}

/** A save the repository answered: the backup must hold this revision of this post. */
interface Acknowledged {
  postId: number;
  revisionId: number;
  body: string;
}

/** `count` loops, each creating a draft post and saving it twice, until stopped. */
function startWriters(studio: ReturnType<typeof createStudioRepository>, userId: string, count: number) {
  let isStopped = false;
  let posts = 0;
  const acknowledged: Acknowledged[] = [];
  const loop = async () => {
    while (!isStopped) {
      const id = await studio.createDraftPost({ sourceLocale: 'en', title: unique('Busy'), userId, authorId: null });
      let revisionId = (await studio.getStudioPost(id))!.translations.en!.revisionId;
      for (const body of ['one', 'two']) {
        revisionId = (await studio.saveDraft(id, 'en', { fields: { slug: unique('busy'), title: `Busy ${body}`, body }, expectedRevisionId: revisionId, userId })).revisionId;
        acknowledged.push({ postId: id, revisionId, body });
      }
      posts += 1;
      // SQLite answers synchronously: without a turn of the event loop these loops would
      // run on microtasks alone and starve the backup (the server's saves come from requests).
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const running = Promise.all(Array.from({ length: count }, loop));
  // A writer's own failure must end a wait, not hang it.
  const failed = running.then(() => Promise.reject(new Error('the writers stopped')));
  failed.catch(() => undefined);
  return {
    posts: () => posts,
    acknowledged: () => [...acknowledged],
    async waitFor(n: number) {
      while (posts < n) await Promise.race([new Promise((resolve) => setTimeout(resolve, 10)), failed]);
    },
    async stop() {
      isStopped = true;
      await running;
    },
  };
}

/** Rows a half-taken backup would leave: a draft without its revision, a revision or a text without its parent. */
async function findInconsistencies(db: ReturnType<EmptySite['db']>, kind: string): Promise<string[]> {
  const problems: string[] = [];
  const drafts = await db
    .selectFrom('post_translations as t')
    .leftJoin('revisions as r', 'r.id', 't.revision_id')
    .select(['t.id', 't.title', 'r.translation_id', 'r.title as revision_title', 'r.body as revision_body'])
    .select(draftBody('t').as('body'))
    .execute();
  for (const d of drafts) {
    if (d.translation_id !== d.id || d.revision_title !== d.title || unpackText(d.revision_body) !== unpackText(d.body)) problems.push(`translation ${d.id} does not match its revision`);
  }
  const orphans = await db.selectFrom('revisions as r').leftJoin('post_translations as t', 't.id', 'r.translation_id').select('r.id').where('t.id', 'is', null).execute();
  problems.push(...orphans.map((o) => `revision ${o.id} has no translation`));
  const empty = await db.selectFrom('posts as p').leftJoin('post_translations as t', 't.post_id', 'p.id').select('p.id').where('t.id', 'is', null).execute();
  problems.push(...empty.map((p) => `post ${p.id} has no translation`));
  if (kind === 'sqlite') {
    const { rows } = await sql<{ table: string }>`pragma foreign_key_check`.execute(db);
    problems.push(...rows.map((row) => `foreign key broken in ${row.table}`));
  }
  return problems;
}
