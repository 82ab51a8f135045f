// Importing into Duet on both databases: a Polylang export becomes pairs with each text's
// status kept (published ones live, the rest drafts), a dry run writes nothing, a second
// run creates nothing twice, one bad post fails alone, and a Hugo bundle's image goes
// through the media library with the text pointing at it.
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWxr } from '@/core/import/wxr/parse-wxr';
import type { ImportDocument } from '@/core/import/import-document';
import { renderDocument } from '@/core/markdown/render-document';
import { migrateToLatest } from '@/db/migrate';
import { draftBody } from '@/db/repositories/live-body';
import { unpackText } from '@/db/stored-text';
import { openImportSource } from '@/server/import/open-import-source';
import { runImport } from '@/server/import/write-import';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const polylang = readFileSync('tests/fixtures/import/wxr/polylang-zh-en.xml', 'utf8');

async function counts(t: TestDatabase) {
  const one = async (table: 'posts' | 'post_translations' | 'live_translations' | 'tags' | 'authors' | 'media') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { posts: await one('posts'), translations: await one('post_translations'), live: await one('live_translations'), tags: await one('tags'), authors: await one('authors'), media: await one('media') };
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`import writer (${target.name})`, () => {
    let t: TestDatabase;
    const dataDir = mkdtempSync(join(tmpdir(), 'duet-import-'));
    const options = (dryRun = false) => ({ render: renderDocument, dataDir, files: null, dryRun });
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
    });
    afterAll(() => t?.close());

    it('shows in a dry run what it will make, and makes nothing', async () => {
      const before = await counts(t);
      const doc = await parseWxr(polylang);
      const report = await runImport(t.db, doc, options(true));
      expect(report.counts.created).toBe(doc.posts.length);
      expect(report.posts.every((p) => p.action === 'create' && p.postId === null)).toBe(true);
      expect(await counts(t)).toEqual(before);
    });

    it('imports pairs with their statuses, once however often it runs', async () => {
      const doc = await parseWxr(polylang);
      const before = await counts(t);
      const first = await runImport(t.db, doc, options());
      expect(first.counts).toMatchObject({ created: doc.posts.length, failed: 0, alreadyImported: 0 });
      const pair = doc.posts.find((p) => p.texts.zh && p.texts.en)!;
      const made = first.posts.find((p) => p.sourceId === pair.sourceId)!;
      const rows = await t.db.selectFrom('post_translations').select(['locale', 'title']).where('post_id', '=', made.postId!).orderBy('locale').execute();
      expect(rows.map((r) => r.locale)).toEqual(['en', 'zh']);
      expect(rows.find((r) => r.locale === 'zh')!.title).toBe(pair.texts.zh!.title);
      // Exactly the texts published in the source are live.
      const publishedTexts = doc.posts.flatMap((p) => Object.values(p.texts)).filter((x) => x!.status === 'published').length;
      const after = await counts(t);
      expect(after.live - before.live).toBe(publishedTexts);
      expect(after.translations - before.translations).toBe(doc.posts.flatMap((p) => Object.values(p.texts)).length);

      const again = await runImport(t.db, doc, options());
      expect(again.counts).toMatchObject({ created: 0, alreadyImported: doc.posts.length });
      expect(await counts(t)).toEqual(after);
    });

    it('fails one post alone, leaving nothing of it and everything else imported', async () => {
      const doc: ImportDocument = await parseWxr(polylang);
      const good = doc.posts[0]!;
      // Its author and tag are new, made in its transaction; its text then fails to format.
      const text = { ...Object.values(good.texts)[0]!, locale: 'en' as const, body: 'BREAK-RENDER' };
      const bad = { ...good, sourceId: 'bad', authors: ['nobody-else'], tags: ['only-here'], texts: { en: text } };
      const render = (input: Parameters<typeof renderDocument>[0]) => (input.markdown.includes('BREAK-RENDER') ? Promise.reject(new Error('the formatter refused it')) : renderDocument(input));
      const before = await counts(t);
      const report = await runImport(t.db, { ...doc, posts: [bad, ...doc.posts] }, { ...options(), render, sourceKey: 'another site' });
      expect(report.counts.failed).toBe(1);
      expect(report.posts[0]).toMatchObject({ sourceId: 'bad', action: 'failed', error: 'the formatter refused it' });
      expect(report.counts.created).toBe(doc.posts.length);
      const after = await counts(t);
      expect(after.posts - before.posts).toBe(doc.posts.length);
      // The failed post's own author and tag went with it.
      expect(after.authors - before.authors).toBe(new Set(doc.posts.flatMap((p) => p.authors)).size);
    });

    it('stores a bundle\'s image in the media library and points the text at it', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'duet-hugo-'));
      const bundle = join(folder, 'content', 'posts', `tea-${target.name}`);
      mkdirSync(bundle, { recursive: true });
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6b4f' } }).png().toFile(join(bundle, 'cup.png'));
      writeFileSync(join(bundle, 'index.en.md'), `---\ntitle: Tea ${target.name}\ndate: 2024-05-01\n---\n\n![A cup of tea](cup.png)\n`);
      writeFileSync(join(bundle, 'index.zh.md'), `---\ntitle: 茶 ${target.name}\ndate: 2024-05-01\n---\n\n![一杯茶](cup.png)\n`);
      const opened = await openImportSource(folder);
      const report = await runImport(t.db, opened.document, { ...options(), files: opened.files });
      expect(report.counts).toMatchObject({ created: 1, failed: 0, mediaImported: 1 });
      const body = await t.db.selectFrom('post_translations').select(draftBody().as('body')).where('post_id', '=', report.posts[0]!.postId!).where('locale', '=', 'en').executeTakeFirstOrThrow();
      const media = await t.db.selectFrom('media').select(['path', 'width']).where('path', 'like', '/images/cup.%').executeTakeFirstOrThrow();
      expect(unpackText(body.body)).toContain(`![A cup of tea](${media.path})`);
      expect(media.width).toBe(640);
      expect(readFileSync(join(dataDir, 'media', media.path.replace(/^\//, ''))).length).toBeGreaterThan(0);
    });
  });
}
