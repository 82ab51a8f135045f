// A Hugo site of bundles (tests/fixtures/import/hugo-bundles: English, Simplified and
// Traditional Chinese, Japanese) imported into Duet on both databases, as the CLI reads a
// folder: the pairs made, the texts left out and counted, the aliases recorded as old
// addresses and honoured by the reading route with a permanent redirect, and a second run
// that creates nothing and records no address twice.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderDocument } from '@/core/markdown/render-document';
import type { Db } from '@/db/client';
import { migrateToLatest } from '@/db/migrate';
import { createRedirects } from '@/db/repositories/redirects';
import { openImportSource } from '@/server/import/open-import-source';
import { runImport } from '@/server/import/write-import';
import { clearCacheDouble } from './helpers/next-doubles';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', async () => (await import('./helpers/next-doubles')).nextCacheDouble);
vi.mock('@/server/ensure-database', () => ({ ensureDatabase: async () => undefined }));

const { default: UnknownPage } = await import('@/app/[locale]/(site)/[...rest]/page');
const { loadPostView } = await import('@/server/load-post');

function useAsSiteDatabase(db: Db): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('duet.database')] = db;
}

/** Where the catch-all route sends a reader of `/<locale>/<rest>`: a redirect's target and status, or "not found". */
async function follow(locale: string, rest: string[]): Promise<string> {
  return outcome(() => UnknownPage({ params: Promise.resolve({ locale, rest }) } as Parameters<typeof UnknownPage>[0]));
}

/** What a route did: `308 /target`, `not found`, or `rendered`. */
async function outcome(route: () => Promise<unknown>): Promise<string> {
  try {
    await route();
    return 'rendered';
  } catch (error) {
    const digest = String((error as { digest?: string }).digest ?? '');
    const redirect = /^NEXT_REDIRECT;\w+;([^;]+);(\d+);/.exec(digest);
    if (redirect) return `${redirect[2]} ${redirect[1]}`;
    if (/NEXT_HTTP_ERROR_FALLBACK;404/.test(digest)) return 'not found';
    throw error;
  }
}

const folder = join(process.cwd(), 'tests', 'fixtures', 'import', 'hugo-bundles');

async function importSite(db: Db, dryRun = false) {
  const opened = await openImportSource(folder);
  try {
    return await runImport(db, opened.document, { render: renderDocument, dataDir: mkdtempSync(join(tmpdir(), 'duet-hugo-')), files: opened.files, dryRun, sourceKey: 'hugo test:hugo-bundles' });
  } finally {
    opened.close();
  }
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`importing a multilingual Hugo site (${target.name})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      useAsSiteDatabase(t.db);
      clearCacheDouble();
    });
    afterAll(() => t?.close());

    it('makes one post per bundle, pairs English with Simplified Chinese and counts what it left out', async () => {
      const report = await importSite(t.db);
      expect(report.counts).toMatchObject({ posts: 3, pairs: 2, created: 3, failed: 0 });
      expect(report.skippedLanguages).toEqual({ 'zh-hant-tw': 2, ja: 3 });
      const rows = await t.db.selectFrom('post_translations').select(['locale', 'slug', 'title']).orderBy('locale').orderBy('slug').execute();
      expect(rows.map((r) => `${r.locale} ${r.slug} ${r.title}`)).toEqual(['en about About this site', 'en garden The garden', 'en trip A trip north', 'zh about 关于本站', 'zh trip 北上之旅']);
    });

    it('records each text\'s aliases and sends readers who follow them to the text with a permanent redirect', async () => {
      const about = await t.db.selectFrom('post_translations').select('post_id').where('slug', '=', 'about').where('locale', '=', 'en').executeTakeFirstOrThrow();
      expect(await createRedirects(t.db).listForPost(about.post_id)).toEqual([
        { path: '/about-us', locale: 'en' },
        { path: '/guanyu', locale: 'zh' },
        { path: '/zh/guanyu', locale: 'zh' },
      ]);
      expect(await follow('en', ['about-us'])).toBe('308 /en/posts/about');
      // The address was the Chinese text's: a reader who reaches it from /en still gets that text.
      expect(await follow('en', ['guanyu'])).toBe('308 /zh/posts/about');
      expect(await follow('zh', ['guanyu'])).toBe('308 /zh/posts/about');
      expect(await follow('zh', ['zh', 'guanyu'])).toBe('308 /zh/posts/about');
      expect(await follow('en', ['about-us', ''])).toBe('308 /en/posts/about');
      expect(await follow('en', ['nowhere'])).toBe('not found');
      // One segment is a page's address, two under posts/ a post's: the routes that answer them ask too.
      expect(await outcome(() => loadPostView('en', 'about-us', 'page'))).toBe('308 /en/posts/about');
      expect(await outcome(() => loadPostView('zh', 'guanyu', 'page'))).toBe('308 /zh/posts/about');
      expect(await outcome(() => loadPostView('en', 'no-such-page', 'page'))).toBe('not found');
      expect(await outcome(() => loadPostView('en', 'about', 'post'))).toBe('rendered');
      // An address with a file extension reaches the app with no locale in front (the proxy leaves it).
      expect(await follow('2023', ['08', 'garden.html'])).toBe('308 /en/posts/garden');
      expect(await follow('2023', ['08', 'other.html'])).toBe('not found');
    });

    it('creates nothing and records no address twice on a second run', async () => {
      const again = await importSite(t.db);
      expect(again.counts).toMatchObject({ created: 0, alreadyImported: 3 });
      const count = await t.db.selectFrom('redirects').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(4);
    });
  });
}
