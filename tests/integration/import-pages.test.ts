// A Ghost import into a site that already has an About page, on both databases: the
// imported About arrives as a draft (the header keeps one link to /en/about), the report
// says so before and after, another page goes live as usual, and a second run adds no
// warning for the page it made itself.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGhostExport } from '@/core/import/ghost/parse-ghost-export';
import { renderDocument } from '@/core/markdown/render-document';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { runImport } from '@/server/import/write-import';
import { testTargets, type TestDatabase } from './helpers/test-databases';

/** The hand-made Ghost 5 fixture with its About page published and a Contact page beside it. */
function ghostExport() {
  const json = JSON.parse(readFileSync('tests/fixtures/import/ghost/ghost-5-bilingual.json', 'utf8'));
  const data = json.db[0].data;
  const about = data.posts.find((p: { id: string }) => p.id === 'p-about');
  Object.assign(about, { status: 'published', published_at: '2024-05-06T10:00:00.000Z' });
  data.posts.push({ ...about, id: 'p-contact', uuid: 'u-contact', title: 'Contact', slug: 'contact' });
  return parseGhostExport(json);
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`importing pages the site already has (${target.name})`, () => {
    let t: TestDatabase;
    const options = (dryRun: boolean) => ({ render: renderDocument, dataDir: mkdtempSync(join(tmpdir(), 'duet-import-pages-')), files: null, dryRun });
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      await createContentRepository(t.db, renderDocument).createPost({
        kind: 'page',
        status: 'published',
        publishedAt: new Date('2025-06-01T00:00:00Z'),
        sourceLocale: 'en',
        translations: { en: { slug: 'about', title: 'About Duet Magazine', excerpt: '', body: 'We are two.', state: 'published' } },
      });
    });
    afterAll(() => t?.close());

    const livePages = async () =>
      (
        await t.db
          .selectFrom('live_translations as l')
          .innerJoin('posts as p', 'p.id', 'l.post_id')
          .select(['l.slug', 'l.title'])
          .where('p.kind', '=', 'page')
          .where('l.locale', '=', 'en')
          .orderBy('l.slug')
          .execute()
      ).map((r) => `${r.slug}: ${r.title}`);

    it('holds the second About back as a draft, says so in the preview and the report, and publishes the rest', async () => {
      const preview = await runImport(t.db, ghostExport(), options(true));
      const held = preview.warnings.filter((w) => w.code === 'page-exists');
      expect(held).toHaveLength(1);
      expect(held[0]!.message).toContain('/en/about (“About Duet Magazine”)');
      expect(preview.posts.find((p) => p.sourceId === 'p-about')!.languages[0]).toMatchObject({ slug: 'about', status: 'draft' });
      expect(await livePages()).toEqual(['about: About Duet Magazine']);

      const report = await runImport(t.db, ghostExport(), options(false));
      expect(report.counts.failed).toBe(0);
      expect(report.warnings.filter((w) => w.code === 'page-exists').map((w) => w.sourceId)).toEqual(['p-about:en']);
      // One page at /en/about, the site's own; the imported one waits as a draft beside it.
      expect(await livePages()).toEqual(['about: About Duet Magazine', 'contact: Contact']);
      const imported = report.posts.find((p) => p.sourceId === 'p-about')!;
      const draft = await t.db.selectFrom('post_translations').select(['slug', 'title']).where('post_id', '=', imported.postId!).executeTakeFirstOrThrow();
      expect(draft).toEqual({ slug: 'about-2', title: 'About' });

      const again = await runImport(t.db, ghostExport(), options(false));
      expect(again.counts.created).toBe(0);
      expect(again.warnings.filter((w) => w.code === 'page-exists')).toEqual([]);
    });
  });
}
