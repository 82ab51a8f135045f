// The Hexo and Jekyll sites of tests/fixtures/import/hexo-i18n and jekyll-polyglot imported
// into Duet on both databases as the CLI reads a folder: the posts and pairs made, the
// images of a Hexo post's asset folder stored, the old addresses recorded, the languages
// left out counted, and a second run (from a copy of the folder elsewhere, as the site is
// known by its own url) that creates nothing.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderDocument } from '@/core/markdown/render-document';
import type { Db } from '@/db/client';
import { migrateToLatest } from '@/db/migrate';
import { draftBody } from '@/db/repositories/live-body';
import { openImportSource } from '@/server/import/open-import-source';
import { runImport } from '@/server/import/write-import';
import { unpackText } from '@/db/stored-text';
import { clearCacheDouble } from './helpers/next-doubles';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', async () => (await import('./helpers/next-doubles')).nextCacheDouble);
vi.mock('@/server/ensure-database', () => ({ ensureDatabase: async () => undefined }));

const fixtures = join(process.cwd(), 'tests', 'fixtures', 'import');

async function importSite(db: Db, folder: string) {
  const opened = await openImportSource(folder);
  try {
    return await runImport(db, opened.document, { render: renderDocument, dataDir: mkdtempSync(join(tmpdir(), 'duet-post-folders-')), files: opened.files, dryRun: false, identity: opened.identity });
  } finally {
    opened.close();
  }
}

async function texts(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('post_translations').select(['locale', 'slug', 'title', 'state']).orderBy('locale').orderBy('slug').execute();
  return rows.map((r) => `${r.locale} ${r.slug} ${r.state} ${r.title}`);
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`importing Hexo and Jekyll sites (${target.name})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      (globalThis as Record<symbol, unknown>)[Symbol.for('duet.database')] = t.db;
      clearCacheDouble();
    });
    afterAll(() => t?.close());

    it('imports the Hexo site\'s pairs, drafts and page, with each post\'s own images', async () => {
      const report = await importSite(t.db, join(fixtures, 'hexo-i18n'));
      expect(report.source.kind).toBe('hexo');
      expect(report.counts).toMatchObject({ posts: 5, pairs: 2, created: 5, failed: 0, mediaImported: 3, mediaMissing: 0 });
      expect(report.skippedLanguages).toEqual({ ja: 1 });
      expect(await texts(t.db)).toEqual([
        'en about published About the kitchen',
        'en bread draft Bread, someday',
        'en hidden draft Not yet',
        'en pancakes published Weekend pancakes',
        'en soup published Winter soup',
        'zh pancakes published 周末松饼',
        'zh soup published 冬日的汤',
      ]);
      const images = await t.db.selectFrom('post_translations').select(draftBody().as('body')).where('slug', '=', 'pancakes').orderBy('locale').execute();
      // Each language's stack.png is its own file: two different media addresses.
      const addresses = images.map((row) => /!\[[^\]]*\]\(([^)]+)\)/.exec(unpackText(row.body))?.[1]);
      expect(addresses.every((a) => a && a !== 'stack.png')).toBe(true);
      expect(new Set(addresses).size).toBe(2);
      const redirects = await t.db.selectFrom('redirects').select('path').execute();
      expect(redirects.map((r) => r.path)).toEqual(['/2024/03/pancakes.html']);
    });

    it('imports the Jekyll site\'s pairs by ref and permalink, beside the Hexo site', async () => {
      const report = await importSite(t.db, join(fixtures, 'jekyll-polyglot'));
      expect(report.source.kind).toBe('jekyll');
      expect(report.counts).toMatchObject({ posts: 6, pairs: 3, created: 6, failed: 0, mediaImported: 1, mediaMissing: 0 });
      expect(report.skippedLanguages).toEqual({ fr: 1 });
      const jekyll = (await texts(t.db)).filter((line) => /green-tea|lvcha|kettle|summer|unpublished|oolong|关于|About the shelf/.test(line));
      // The Hexo site already has an English page at /about: the second waits as a draft under another slug.
      expect(report.warnings.filter((w) => w.code === 'page-exists').map((w) => w.sourceId)).toEqual(['group:permalink:about:en']);
      expect(jekyll).toEqual([
        'en about-2 draft About the shelf',
        'en green-tea published Green tea, first flush',
        'en kettle published A new kettle',
        'en oolong draft Oolong notes',
        'en summer published Summer blends',
        'en unpublished draft Held back',
        'zh about published 关于茶架',
        'zh kettle published 新水壶',
        'zh lvcha published 头采绿茶',
      ]);
    });

    it('creates nothing on a second run, even from a copy of each folder at another path', async () => {
      for (const name of ['hexo-i18n', 'jekyll-polyglot']) {
        const copy = join(mkdtempSync(join(tmpdir(), 'duet-copy-')), `${name}-moved`);
        cpSync(join(fixtures, name), copy, { recursive: true });
        const again = await importSite(t.db, copy);
        expect(again.counts).toMatchObject({ created: 0, failed: 0, alreadyImported: name === 'hexo-i18n' ? 5 : 6 });
      }
      const count = await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(11);
    });
  });
}
