// Several Duet instances on one PostgreSQL database, each with its own pool as separate
// processes would have: their schedulers publish each due text once and report it once,
// a claim whose transaction fails or whose process dies leaves the text due for the next
// run, and instances booting together on an empty schema migrate and seed it once.
// SQLite is one process's database (its single writer), so these run on PostgreSQL; the
// race inside one process is in publishing.test.ts, on both.
import { spawn, type StdioOptions } from 'node:child_process';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocument, type Renderer } from '@/core/markdown/render-document';
import { createDatabase } from '@/db/client';
import { prepareDatabase } from '@/server/ensure-database';
import { migrateToLatest } from '@/db/migrate';
import { preparationLockClass } from '@/db/preparation-lock';
import { createPublishingRepository, type DueFailure } from '@/db/repositories/publishing-repository';
import { createStudioRepository, type StudioRepository } from '@/db/repositories/studio-repository';
import type { Database } from '@/db/schema';
import { createAccount } from '@/server/auth/accounts';
import { publishAndRevalidate } from '@/server/studio/scheduler';
import { unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';
import { unpackText } from '@/db/stored-text';

const postgres = testTargets.find((target) => target.name === 'postgres')!;
const demoDir = join(process.cwd(), 'demo');
/** A TypeScript file run in a Node process of its own: tsx's loader, not its CLI, whose child a kill would miss. */
const runTs = (file: string, env: Record<string, string>, stdio: StdioOptions) => spawn(process.execPath, ['--import', 'tsx', file], { env: { ...process.env, ...env }, stdio });

describe.skipIf(postgres.skip)('exactly once across instances (postgres)', () => {
  let t: TestDatabase;
  let studio: StudioRepository;
  let userId: string;
  const instances: Kysely<Database>[] = [];
  /** Another instance: a pool of its own on the same schema. */
  const instance = () => {
    const db = createDatabase({ url: t.url, dataDir: t.dataDir });
    instances.push(db);
    return db;
  };

  beforeAll(async () => {
    t = await postgres.open();
    await migrateToLatest(t.db);
    studio = createStudioRepository(t.db, renderDocument);
    userId = (await createAccount(t.db, { name: 'Editor', email: `${unique('e')}@example.com`, password: 'long enough pw', role: 'editor' })).id;
  });
  afterAll(async () => {
    await Promise.all(instances.map((db) => db.destroy()));
    await t?.close();
  });

  /**
   * English drafts scheduled a second ago. With `editedAfter`, each is edited after it was
   * scheduled, so the scheduler publishes (and renders) the pinned revision, not the draft.
   */
  async function scheduleDue(count: number, editedAfter = false) {
    const due: { postId: number; translationId: number; revisionId: number }[] = [];
    for (let i = 0; i < count; i++) {
      const postId = await studio.createDraftPost({ sourceLocale: 'en', title: unique('Due'), userId, authorId: null });
      const draft = (await studio.getStudioPost(postId))!.translations.en!;
      const pinned = await studio.saveDraft(postId, 'en', { fields: { slug: draft.slug, title: `Pinned ${i}`, body: `The *pinned* text ${i}` }, expectedRevisionId: draft.revisionId, userId });
      await createPublishingRepository(t.db).schedule(postId, 'en', new Date(Date.now() - 1000));
      if (editedAfter) await studio.saveDraft(postId, 'en', { fields: { slug: draft.slug, title: `Later ${i}`, body: 'Not scheduled' }, expectedRevisionId: pinned.revisionId, userId });
      due.push({ postId, translationId: draft.id, revisionId: pinned.revisionId });
    }
    return due;
  }

  /** What readers get of these texts, and what is left of their schedules and history. */
  async function stateOf(translationIds: number[]) {
    const live = await t.db.selectFrom('live_translations').select(['translation_id', 'revision_id', 'title', 'html']).where('translation_id', 'in', translationIds).orderBy('translation_id').execute();
    const scheduled = await t.db.selectFrom('post_translations').select('id').where('id', 'in', translationIds).where('publish_at', 'is not', null).execute();
    const revisions = await t.db.selectFrom('revisions').select(['id', 'translation_id', 'title']).where('translation_id', 'in', translationIds).orderBy('id').execute();
    return { live, scheduled: scheduled.map((row) => row.id), revisions };
  }

  it('four instances racing over twelve due texts publish and report each once', async () => {
    const due = await scheduleDue(12, true);
    const ids = due.map((d) => d.translationId);
    const before = await stateOf(ids);
    const schedulers = [0, 1, 2, 3].map(() => createPublishingRepository(instance(), renderDocument));
    const runs = await Promise.all(schedulers.map((scheduler) => scheduler.publishDue()));

    const reported = runs.flat().filter((postId) => due.some((d) => d.postId === postId));
    expect(reported.sort((a, b) => a - b)).toEqual(due.map((d) => d.postId));
    const after = await stateOf(ids);
    expect(after.scheduled).toEqual([]);
    // The pinned revision went live, rendered; the later edits did not; the history is as it was.
    expect(after.live.map((row) => [row.translation_id, row.revision_id, row.title])).toEqual(due.map((d, i) => [d.translationId, d.revisionId, `Pinned ${i}`]));
    for (const row of after.live) expect(unpackText(row.html)).toContain('<em>pinned</em>');
    expect(after.revisions).toEqual(before.revisions);
    expect(await Promise.all(schedulers.map((scheduler) => scheduler.publishDue()))).toEqual([[], [], [], []]);
  });

  it('revalidates once per run that published, on the instance that published', async () => {
    const due = await scheduleDue(5);
    const revalidations = [0, 0, 0];
    const runs = await Promise.all(
      revalidations.map((_, i) =>
        publishAndRevalidate(createPublishingRepository(instance(), renderDocument), async () => {
          revalidations[i]! += 1;
        }),
      ),
    );
    expect(runs.flat().sort((a, b) => a - b)).toEqual(due.map((d) => d.postId));
    expect(revalidations).toEqual(runs.map((published) => (published.length > 0 ? 1 : 0)));
  });

  it('passes over a text another instance holds, without waiting for it or publishing it', async () => {
    const [held] = await scheduleDue(1, true);
    let claimed!: () => void;
    const isClaimed = new Promise<void>((resolve) => (claimed = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slowRender: Renderer = async (input) => {
      claimed();
      await released;
      return renderDocument(input);
    };
    const slow = createPublishingRepository(instance(), slowRender).publishDue();
    await isClaimed;
    // Its row is locked by the slow instance's open transaction: passed over, not waited for.
    expect(await createPublishingRepository(instance(), renderDocument).publishDue()).not.toContain(held!.postId);
    release();
    expect(await slow).toEqual([held!.postId]);
    expect((await stateOf([held!.translationId])).live.map((row) => row.revision_id)).toEqual([held!.revisionId]);
  });

  it('leaves a text whose publishing transaction failed due, for the next run to publish once', async () => {
    const due = await scheduleDue(3, true);
    const failing = due[1]!;
    const failures: DueFailure[] = [];
    // Fails inside the transaction, after the schedule was cleared: the rollback must bring it back.
    const render: Renderer = async (input) => {
      if (input.markdown.includes('text 1')) throw new Error('the renderer crashed');
      return renderDocument(input);
    };
    const first = await createPublishingRepository(instance(), render).publishDue(new Date(), (failure) => failures.push(failure));
    expect(first.sort((a, b) => a - b)).toEqual([due[0]!.postId, due[2]!.postId]);
    expect(failures).toMatchObject([{ translationId: failing.translationId, postId: failing.postId, error: { message: 'the renderer crashed' } }]);
    expect((await stateOf([failing.translationId])).scheduled).toEqual([failing.translationId]);
    expect((await stateOf([failing.translationId])).live).toEqual([]);
    // Without onFailure the failure is thrown, as before.
    await expect(createPublishingRepository(instance(), render).publishDue()).rejects.toThrow('the renderer crashed');

    const runs = await Promise.all([0, 1].map(() => createPublishingRepository(instance(), renderDocument).publishDue()));
    expect(runs.flat()).toEqual([failing.postId]);
    expect((await stateOf([failing.translationId])).live.map((row) => row.revision_id)).toEqual([failing.revisionId]);
  });

  it('publishes once a text whose claiming process was killed before it committed', async () => {
    const [due] = await scheduleDue(1, true);
    const child = runTs('tests/integration/fixtures/claim-and-hang.ts', { DATABASE_URL: t.url, DATA_DIR: t.dataDir }, ['ignore', 'pipe', 'inherit']);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('claimed') && resolve());
        child.once('exit', (code) => reject(new Error(`the claiming process exited (${code}) before it claimed`)));
      });
      // While it holds the row, nobody else publishes it.
      expect(await createPublishingRepository(instance(), renderDocument).publishDue()).not.toContain(due!.postId);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    // PostgreSQL notices the dead session, rolls its transaction back and frees the row.
    const survivor = createPublishingRepository(instance(), renderDocument);
    let published: number[] = [];
    for (let attempt = 0; attempt < 100 && published.length === 0; attempt++) {
      published = await survivor.publishDue();
      if (published.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(published).toEqual([due!.postId]);
    expect(await survivor.publishDue()).toEqual([]);
    expect((await stateOf([due!.translationId])).live.map((row) => row.revision_id)).toEqual([due!.revisionId]);
  });
});

describe.skipIf(postgres.skip)('instances booting together on an empty database (postgres)', () => {
  const opened: TestDatabase[] = [];
  const instances: Kysely<Database>[] = [];
  afterAll(async () => {
    await Promise.all(instances.map((db) => db.destroy()));
    await Promise.all(opened.map((t) => t.close()));
  });

  /** The site the boots left: its posts, its migrations, and whether each was recorded once. */
  async function siteOf(db: Kysely<Database>) {
    const posts = await db.selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const { rows } = await sql<{ name: string; n: string }>`select name, count(*) as n from kysely_migration group by name`.execute(db);
    return { posts: Number(posts.n), migrations: rows.length, recordedTwice: rows.filter((row) => Number(row.n) !== 1) };
  }

  it('three instances in one process migrate and seed once, and none fails', async () => {
    const t = await postgres.open();
    opened.push(t);
    const boots = await Promise.all(
      [0, 1, 2].map(() => {
        const db = createDatabase({ url: t.url, dataDir: t.dataDir });
        instances.push(db);
        return prepareDatabase(db, { dataDir: t.dataDir, demoDir, render: renderDocument });
      }),
    );
    expect(boots.filter((boot) => boot.applied.length > 0)).toHaveLength(1);
    expect(boots.map((boot) => boot.seededPosts).sort((a, b) => b - a)).toEqual([13, 0, 0]);
    const site = await siteOf(t.db);
    expect(site).toEqual({ posts: 13, migrations: boots.find((boot) => boot.applied.length > 0)!.applied.length, recordedTwice: [] });
  }, 120_000);

  it('three processes started at once on one empty schema migrate and seed once', async () => {
    const t = await postgres.open();
    opened.push(t);
    const boots = await Promise.all(
      [0, 1, 2].map(
        () =>
          new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
            const child = runTs('tests/integration/fixtures/boot-instance.ts', { DATABASE_URL: t.url, DATA_DIR: t.dataDir }, ['ignore', 'pipe', 'pipe']);
            let out = '';
            let err = '';
            child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
            child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
            child.once('exit', (code) => resolve({ code, out, err }));
          }),
      ),
    );
    expect(boots.map((boot) => boot.code), boots.map((boot) => boot.err).join('\n')).toEqual([0, 0, 0]);
    const reports = boots.map((boot) => JSON.parse(boot.out) as { applied: string[]; seededPosts: number });
    expect(reports.map((report) => report.seededPosts).sort((a, b) => b - a)).toEqual([13, 0, 0]);
    expect(reports.filter((report) => report.applied.length > 0)).toHaveLength(1);
    expect(await siteOf(t.db)).toMatchObject({ posts: 13, recordedTwice: [] });
  }, 180_000);

  it('does not keep an instance of another schema waiting while one boots', async () => {
    const [a, b] = [await postgres.open(), await postgres.open()];
    opened.push(a, b);
    const holder = createDatabase({ url: a.url, dataDir: a.dataDir });
    const other = createDatabase({ url: b.url, dataDir: b.dataDir });
    instances.push(holder, other);
    // Schema a's preparation lock, held by a session as a booting instance would hold it.
    await holder.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${sql.lit(preparationLockClass)}, hashtext(current_schema()))`.execute(connection);
      try {
        const boot = await prepareDatabase(other, { dataDir: b.dataDir, demoDir: join(b.dataDir, 'no-demo'), render: renderDocument });
        expect(boot.applied.length).toBeGreaterThan(0);
      } finally {
        await sql`select pg_advisory_unlock(${sql.lit(preparationLockClass)}, hashtext(current_schema()))`.execute(connection);
      }
    });
  }, 120_000);
});
