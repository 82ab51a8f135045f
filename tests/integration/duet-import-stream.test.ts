// `duet import-duet` reads duet.json as a stream (issue 27): the reader never runs ahead of
// the posts it hands over, so it holds a bounded number of them however many the file has
// (counted, not timed), and on both databases a large file is imported whole while one
// with a fault deep inside is refused with the fault's path and imports nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { checkDuetJson } from '@/server/export/check-duet-json';
import { importDuetExport } from '@/server/export/import-duet-export';
import { streamDuetJson } from '@/server/export/stream-duet-json';
import { testTargets, type TestDatabase, type TestTarget } from './helpers/test-databases';

const at = '2026-01-02T03:04:05.000Z';
const body = '一段正文。A paragraph of body text. '.repeat(20);

/** A valid post of a duet.json with a text in each language, each with one revision. */
function makePost(i: number): Record<string, unknown> {
  const translations = (['zh', 'en'] as const).map((locale, j) => {
    const text = { slug: `post-${i}`, title: `Post ${i}`, excerpt: '', body, seoTitle: null, seoDescription: null };
    const revisionId = 2 * i + j + 1;
    return {
      id: 2 * i + j + 1,
      locale,
      state: 'published',
      draft: { ...text, readingMinutes: 1, revisionId, basedOnRevisionId: null, updatedAt: at },
      live: { ...text, readingMinutes: 1, revisionId, basedOnRevisionId: null, publishedAt: at, updatedAt: at },
      schedule: null,
      revisions: [{ id: revisionId, createdAt: at, authorUserId: null, ...text }],
      reviewRequests: [],
    };
  });
  return {
    id: i + 1,
    kind: 'post',
    status: 'published',
    featured: false,
    publishedAt: at,
    sourceLocale: 'zh',
    version: 1,
    coverMediaId: null,
    ownerUserId: null,
    createdAt: at,
    updatedAt: at,
    bylines: [],
    tagIds: [],
    attachments: [],
    translations,
  };
}

const header = { format: 'duet-export', formatVersion: 1, createdAt: at, duetVersion: 'test', locales: ['zh', 'en'], settings: {}, accounts: [], authors: [], tags: [], media: [] };

/** The pieces of a duet.json of `count` posts, made one post at a time; `change` edits a post before it is written. */
function* duetJsonPieces(count: number, change: (post: Record<string, unknown>, i: number) => void = () => {}): Generator<string> {
  yield `${JSON.stringify(header).slice(0, -1)},"posts":[`;
  for (let i = 0; i < count; i += 1) {
    const post = makePost(i);
    change(post, i);
    yield `${i === 0 ? '' : ','}${JSON.stringify(post, null, 2)}`;
  }
  yield ']}';
}

describe('the duet.json reader', () => {
  it('hands over each post before it reads much further, holding a bounded number of them', async () => {
    const count = 3000;
    const chunkBytes = 64 * 1024;
    const postEnds: number[] = [];
    let pulled = 0;
    /** The file as a lazy source of 64 KiB chunks, counting what the reader has taken. */
    async function* source(): AsyncGenerator<Buffer> {
      let pending: Buffer[] = [];
      let size = 0;
      let offset = 0;
      let pieces = 0;
      for (const piece of duetJsonPieces(count)) {
        const bytes = Buffer.from(piece, 'utf8');
        offset += bytes.length;
        // The first piece is the header and the last closes the document: the rest are posts.
        if (pieces++ > 0 && piece !== ']}') postEnds.push(offset);
        pending.push(bytes);
        size += bytes.length;
        if (size >= chunkBytes) {
          pulled += size;
          yield Buffer.concat(pending);
          pending = [];
          size = 0;
        }
      }
      pulled += size;
      yield Buffer.concat(pending);
    }
    let mostReadAhead = 0;
    const seen: number[] = [];
    const stats = await streamDuetJson(source(), {
      member: () => undefined,
      post: (value, index) => {
        seen.push((value as { id: number }).id);
        // What had been taken from the file beyond this post's last byte when it was handed over.
        mostReadAhead = Math.max(mostReadAhead, pulled - postEnds[index]!);
      },
    });
    expect(seen).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(stats.posts).toBe(count);
    // A post is over 1.5 KiB and the reader parses 16 KiB at a time.
    expect(stats.mostPostsHeld).toBeLessThanOrEqual(12);
    expect(mostReadAhead).toBeLessThanOrEqual(2 * chunkBytes);
  });

  it('reads a document whose posts come before its header twice, to check their references', async () => {
    const text = (authorOf150: number) => {
      const posts = Array.from({ length: 200 }, (_, i) => ({ ...makePost(i), bylines: [{ authorId: i === 150 ? authorOf150 : 1, position: 0 }] }));
      return JSON.stringify({ posts, ...header, authors: [{ id: 1, handle: 'a', userId: null, createdAt: at, texts: {} }] });
    };
    let opens = 0;
    const reading = (json: string) => async () => {
      opens += 1;
      return (async function* () {
        yield Buffer.from(json);
      })();
    };
    expect((await checkDuetJson(reading(text(1)))).counts.posts).toBe(200);
    expect(opens).toBe(2);
    await expect(checkDuetJson(reading(text(999_999)))).rejects.toThrow(/posts\[150\]\.bylines\[0\]\.authorId: No author in this export has the id 999999/);
    expect(opens).toBe(4);
  });

  it('refuses what is not JSON, with where it broke', async () => {
    const broken = (async function* () {
      yield Buffer.from('{"format":"duet-export","posts":[{"id":1},');
      yield Buffer.from('}');
    })();
    await expect(streamDuetJson(broken, { member: () => undefined, post: () => undefined })).rejects.toThrow(/duet\.json is not JSON: Unexpected .* \(before byte 43\)/);
  });
});

function suite(target: TestTarget) {
  describe.skipIf(target.skip)(`import-duet of a large duet.json (${target.name})`, () => {
    const count = 1500;
    let work = '';
    beforeAll(() => {
      work = mkdtempSync(join(tmpdir(), 'duet-import-stream-'));
    });
    afterAll(() => rmSync(work, { recursive: true, force: true }));

    async function withEmptyDatabase<T>(run: (t: TestDatabase) => Promise<T>): Promise<T> {
      const t = await target.open();
      try {
        await migrateToLatest(t.db);
        return await run(t);
      } finally {
        await t.close();
      }
    }

    const postRows = async (t: TestDatabase) => Number((await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

    function writeJson(name: string, change?: (post: Record<string, unknown>, i: number) => void): string {
      const file = join(work, name);
      writeFileSync(file, [...duetJsonPieces(count, change)].join(''));
      return file;
    }

    it('imports every post while holding only a few at a time', async () => {
      const file = writeJson('good.json');
      await withEmptyDatabase(async (t) => {
        const summary = await importDuetExport(t.db, t.dataDir, file);
        expect(summary).toMatchObject({ posts: count, translations: 2 * count, revisions: 2 * count });
        expect(summary.mostPostsHeld).toBeLessThanOrEqual(12);
        expect(await postRows(t)).toBe(count);
      });
    }, 120_000);

    it('names a fault deep in the file by its path, and imports nothing', async () => {
      const badSlug = writeJson('bad-slug.json', (post, i) => {
        if (i === 1400) ((post.translations as Array<{ draft: { slug: unknown } }>)[1]!.draft.slug = 5);
      });
      const badAuthor = writeJson('bad-author.json', (post, i) => {
        if (i === 1450) post.bylines = [{ authorId: 999_999, position: 0 }];
      });
      const twice = writeJson('twice.json', (post, i) => {
        if (i === 1490) post.id = 3;
      });
      await withEmptyDatabase(async (t) => {
        await expect(importDuetExport(t.db, t.dataDir, badSlug)).rejects.toThrow(/^duet\.json is not a valid Duet export:\n {2}posts\[1400\]\.translations\[1\]\.draft\.slug: .*expected string/i);
        await expect(importDuetExport(t.db, t.dataDir, badAuthor)).rejects.toThrow(/posts\[1450\]\.bylines\[0\]\.authorId: No author in this export has the id 999999/);
        await expect(importDuetExport(t.db, t.dataDir, twice)).rejects.toThrow(/posts\[1490\]: Another post id has the same value \(3\)/);
        expect(await postRows(t)).toBe(0);
      });
    }, 120_000);
  });
}

for (const target of testTargets) suite(target);
