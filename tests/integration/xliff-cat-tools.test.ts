// Duet's XLIFF and TMX in real CAT tools, on both databases. translate-toolkit reads every
// exported XLIFF 1.2 file (xliff2po, then po2xliff back against it, pofilter on the round
// trip) and the TMX; OmegaT, in console mode, translates an exported XLIFF with Duet's
// memory (exact matches filled) and Duet imports its output through the CLI: the drafts
// equal the earlier translation block for block (one OmegaT run for both databases' files).
// Skipped with a loud notice when the tools
// are missing here; CI=true makes them mandatory.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '@/cli/run-cli';
import { renderDocument } from '@/core/markdown/render-document';
import { splitBlocks } from '@/core/translation/blocks';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { createStudioRepository } from '@/db/repositories/studio-repository';
import { closeRenderPool } from '@/server/render/render-pool';
import { makeOmegatProject, missingCatTools, readTmxWithToolkit, run } from './helpers/cat-tools';
import { makePost, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const missing = missingCatTools();
const mandatory = process.env.CI === 'true';
if (missing.length > 0 && !mandatory) {
  console.warn(`\n!!! XLIFF CAT-tool suite SKIPPED: ${missing.join(', ')} not installed (apt-get install -y translate-toolkit omegat). It is mandatory in CI. !!!\n`);
}

it('has the CAT tools when CI requires them', () => {
  if (mandatory) expect(missing, 'translate-toolkit and omegat must be installed in CI').toEqual([]);
});

const zhBody = [
  '## 为什么要双语',
  '双语出版的成本主要在**翻译**上，见[说明](https://example.com/why_bilingual)。',
  '```sh\nnpm run duet -- translations export --missing --to en out.xlf\n```',
  '- 翻译记忆\n- 术语表\n- 发布前检查',
  '> 好的译文，读者感觉不到是译文。',
].join('\n\n');
const enBody = [
  '## Why bilingual',
  'Most of what bilingual publishing costs is **translation**; see [the notes](https://example.com/why_bilingual).',
  '```sh\nnpm run duet -- translations export --missing --to en out.xlf\n```',
  '- Translation memory\n- Glossary\n- Checks before publishing',
  '> A good translation does not read like one.',
].join('\n\n');

function captureIo(env: Record<string, string>): CliIo & { out: () => string } {
  let out = '';
  const sink = { write: (chunk: string) => ((out += chunk), true) };
  return { env, stdout: sink, stderr: sink, out: () => out };
}

afterAll(() => closeRenderPool());

for (const target of testTargets) {
  describe.skipIf(target.skip || missing.length > 0)(`XLIFF in real CAT tools (${target.name})`, () => {
    let t: TestDatabase;
    let content: ContentRepository;
    let dir: string;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      content = createContentRepository(t.db, renderDocument);
      dir = mkdtempSync(join(tmpdir(), 'duet-xliff-'));
    });
    afterAll(async () => {
      await t?.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const env = () => ({ DATABASE_URL: t.url, DATA_DIR: t.dataDir });

    it('translate-toolkit reads every exported XLIFF 1.2 file and the TMX, and checks the round trip', async () => {
      const post = await makePost(content, {
        translations: {
          zh: { slug: unique('zh'), title: '双语出版', excerpt: '', body: zhBody, state: 'published' },
          en: { slug: unique('en'), title: 'Bilingual publishing', excerpt: '', body: enBody, state: 'published' },
        },
      });
      const missingPost = await makePost(content, { translations: { zh: { slug: unique('zh'), title: '只有中文', excerpt: '', body: zhBody, state: 'published' } } });
      const file = join(dir, 'toolkit.xliff');
      const io = captureIo(env());
      expect(await runCli(['translations', 'export', '--post', String(post.id), String(missingPost.id), '--to', 'en', '--format', 'xliff12', file], io), io.out()).toBe(0);
      expect(io.out()).toContain('Wrote 2 text(s)');

      const po = join(dir, 'toolkit.po');
      run('xliff2po', ['--errorlevel=traceback', '--duplicates=msgctxt', '-i', file, '-o', po]);
      const poText = readFileSync(po, 'utf8');
      // Every unit is there: the title and four blocks of each post (the code block is not for translating).
      expect(poText.match(/^#: /gm)).toHaveLength(10);
      expect(poText).toContain('msgstr "Bilingual publishing"');
      expect(poText).not.toContain('npm run duet');
      const back = join(dir, 'toolkit-back.xliff');
      run('po2xliff', ['--errorlevel=traceback', '-i', po, '-t', file, '-o', back]);
      // The Markdown codes survive the trip through the toolkit.
      expect(readFileSync(back, 'utf8')).toContain('<x id="1" ctype="x-markdown" equiv-text="**"/>translation<x id="2" ctype="x-markdown" equiv-text="**"/>');
      const backPo = join(dir, 'toolkit-back.po');
      run('xliff2po', ['--errorlevel=traceback', '--duplicates=msgctxt', '-i', back, '-o', backPo]);
      // Checks that mean something between Chinese and English (capitals do not); pofilter
      // writes only the units that fail, and nothing at all when none does.
      const complaintsIn = (input: string) => {
        const filtered = join(dir, 'filtered.po');
        rmSync(filtered, { force: true });
        run('pofilter', ['--errorlevel=traceback', '--fuzzy', '-t', 'urls', '-t', 'numbers', '-t', 'startwhitespace', '-t', 'endwhitespace', '-t', 'doublespacing', '-t', 'xmltags', '-i', input, '-o', filtered]);
        return existsSync(filtered) ? (readFileSync(filtered, 'utf8').match(/^# \(pofilter\).*$/gm) ?? []) : [];
      };
      expect(complaintsIn(backPo)).toEqual([]);
      // The same checks do catch a broken translation.
      const broken = join(dir, 'broken.po');
      writeFileSync(broken, readFileSync(backPo, 'utf8').replace('msgstr "Why bilingual"', 'msgstr "Why bilingual "'));
      expect(complaintsIn(broken)).toEqual([expect.stringContaining('endwhitespace')]);

      const units = readTmxWithToolkit(file.replace(/\.xliff$/, '.tmx'));
      expect(units).toContainEqual(['双语出版', 'Bilingual publishing']);
      expect(units).toContainEqual(['好的译文，读者感觉不到是译文。', 'A good translation does not read like one.']);
      expect(units.some(([, en]) => en === '')).toBe(false);
    });
  });
}

/**
 * OmegaT (a Java program, 6-9 s a start on the CI machine) runs once for both databases:
 * each database exports its own file and memory into one project, whose files OmegaT
 * translates together, and each database imports its own output. Each database's title
 * and one paragraph are its own, so only its own memory can fill them: a database whose
 * export lost its memory fails here, whatever the other's did.
 */
describe.skipIf(missing.length > 0)('OmegaT translates each database\'s export from its memory, in one run', () => {
  const targets = testTargets.filter((target) => !target.skip);
  const opened: { name: string; t: TestDatabase; freshId: number }[] = [];
  let dir: string;
  let project: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'duet-omegat-'));
    const memories: string[] = [];
    for (const target of targets) {
      const t = await target.open();
      await migrateToLatest(t.db);
      const content = createContentRepository(t.db, renderDocument);
      const { zh, en } = ownBodies(target.name);
      await makePost(content, {
        translations: {
          zh: { slug: unique('zh'), title: `双语出版的成本（${target.name}）`, excerpt: '', body: zh, state: 'published' },
          en: { slug: unique('en'), title: `What bilingual publishing costs (${target.name})`, excerpt: '', body: en, state: 'published' },
        },
      });
      const fresh = await makePost(content, { translations: { zh: { slug: unique('zh'), title: `双语出版的成本（${target.name}）`, excerpt: '', body: zh, state: 'published' } } });
      opened.push({ name: target.name, t, freshId: fresh.id });
      const file = join(dir, `${target.name}.xlf`);
      const io = captureIo({ DATABASE_URL: t.url, DATA_DIR: t.dataDir });
      expect(await runCli(['translations', 'export', '--post', String(fresh.id), '--to', 'en', '--format', 'xliff12', file], io), io.out()).toBe(0);
      memories.push(`${target.name}.tmx`);
    }
    const files = opened.map(({ name }) => ({ name: `${name}.xlf`, xliff: readFileSync(join(dir, `${name}.xlf`), 'utf8') }));
    const tmx = memories.map((name) => ({ name, tmx: readFileSync(join(dir, name), 'utf8') }));
    let config: string;
    ({ project, config } = makeOmegatProject(join(dir, 'omegat'), files, tmx));
    run('omegat', [project, '--mode=console-translate', `--config-dir=${config}`, '--disable-project-locking', '--no-team', '--quiet'], { timeout: 180_000 });
  }, 240_000);
  afterAll(async () => {
    for (const { t } of opened) await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const target of testTargets) {
    it.skipIf(target.skip)(`and Duet imports its output as the same translation (${target.name})`, async () => {
      const { t, freshId } = opened.find((o) => o.name === target.name)!;
      const out = join(dir, `${target.name}-out.xlf`);
      writeFileSync(out, readFileSync(join(project, 'target', `${target.name}.xlf`), 'utf8'));
      const importIo = captureIo({ DATABASE_URL: t.url, DATA_DIR: t.dataDir });
      expect(await runCli(['translations', 'import', out], importIo), importIo.out()).toBe(0);
      expect(importIo.out()).toContain(`post ${freshId} (en): saved as a draft`);
      const draft = (await createStudioRepository(t.db).getStudioPost(freshId))!.translations.en!;
      expect(draft.title).toBe(`What bilingual publishing costs (${target.name})`);
      expect(splitBlocks(draft.body).map((b) => b.text)).toEqual(splitBlocks(ownBodies(target.name).en).map((b) => b.text));
    });
  }
});

/** The shared bodies with a last paragraph of the database's own. */
function ownBodies(name: string): { zh: string; en: string } {
  return { zh: `${zhBody}

这一段只在 ${name} 里。`, en: `${enBody}

This paragraph is only in ${name}.` };
}
