// Imports every real sample export (../shared/import-samples) into one SQLite database, as
// `duet import` does: each either imports every post it holds, with its pairs and exactly
// its published texts live, or is refused with its clear error and leaves nothing. Without
// the folder the suite is skipped with a notice, except on CI.
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFormatError } from '@/core/import/import-document';
import { renderDocument } from '@/core/markdown/render-document';
import { createDatabase } from '@/db/client';
import { migrateToLatest } from '@/db/migrate';
import { openImportSource } from '@/server/import/open-import-source';
import { runImport } from '@/server/import/write-import';

const samples = join(process.cwd(), '..', 'shared', 'import-samples');
const present = existsSync(samples);
if (!present && process.env.CI === 'true') throw new Error(`The import samples are missing on CI: expected them at ${samples}.`);

const refused: Record<string, RegExp> = {
  'wordpress-importer/phpunit_data_crazy-cdata.xml': /not well-formed XML/,
  'wordpress-importer/phpunit_data_malformed.xml': /Unsupported WXR version/,
};

function sampleFiles(): string[] {
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  return walk(samples).map((path) => relative(samples, path)).filter((path) => /\.(json|xml)$/.test(path)).sort();
}

describe.skipIf(!present)('importing the real sample exports into a database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'duet-samples-'));
  const db = createDatabase({ url: '', dataDir });
  const count = async (table: 'posts' | 'live_translations') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  beforeAll(() => migrateToLatest(db));
  afterAll(() => db.destroy());

  for (const name of present ? [...sampleFiles(), 'hugo'] : []) {
    it(refused[name] ? `refuses ${name}, importing nothing` : `imports ${name}`, async () => {
      const before = { posts: await count('posts'), live: await count('live_translations') };
      if (refused[name]) {
        await expect(openImportSource(join(samples, name))).rejects.toThrow(ImportFormatError);
        await expect(openImportSource(join(samples, name))).rejects.toThrow(refused[name]!);
        expect(await count('posts')).toBe(before.posts);
        return;
      }
      const opened = await openImportSource(join(samples, name));
      const { document } = opened;
      const report = await runImport(db, document, { render: renderDocument, dataDir, files: opened.files, dryRun: false, sourceKey: name });
      opened.close();
      expect(report.counts).toMatchObject({ created: document.posts.length, failed: 0 });
      expect(await count('posts')).toBe(before.posts + document.posts.length);
      const published = document.posts.flatMap((p) => Object.values(p.texts)).filter((t) => t!.status === 'published').length;
      // A page at an address an earlier sample already published arrives as a draft (hold-duplicate-pages.ts).
      const held = report.warnings.filter((w) => w.code === 'page-exists').length;
      expect(await count('live_translations')).toBe(before.live + published - held);
      const pairs = report.posts.filter((p) => p.languages.length === 2).map((p) => p.postId!);
      if (pairs.length > 0) {
        const rows = await db.selectFrom('post_translations').select('post_id').where('post_id', 'in', pairs).execute();
        expect(rows.length).toBe(pairs.length * 2);
      }
    });
  }
});
