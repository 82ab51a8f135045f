import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseGhostExport } from '@/core/import/ghost/parse-ghost-export';
import { parseWxr } from '@/core/import/wxr/parse-wxr';
import { openImportSource } from './open-import-source';
import { SpilledBodies } from './spill-bodies';

const fixtures = join(process.cwd(), 'tests', 'fixtures', 'import');
const systemTmp = tmpdir();
const tmpBefore = process.env.TMPDIR;
let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(systemTmp, 'duet-spill-'));
});
afterEach(() => {
  // os.tmpdir() reads TMPDIR on each call: the tests point it at their own folder.
  if (tmpBefore === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpBefore;
  rmSync(folder, { recursive: true, force: true });
});

/** Files of bodies this process still has open (Linux shows them, deleted or not, in /proc). */
function openBodyFiles(): string[] {
  if (!existsSync('/proc/self/fd')) return [];
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.includes('duet-import-bodies') ? [target] : [];
    } catch {
      return [];
    }
  });
}

describe('SpilledBodies', () => {
  it('gives back every body, in any order and as often as asked, from a file nobody else sees', () => {
    const store = new SpilledBodies(folder);
    const bodies = ['', 'plain', '中文、emoji 🍵 and\r\nline ends\n\n```js\nconst cup = 1;\n```', '茶'.repeat(200_000), ...Array.from({ length: 300 }, (_, i) => `body ${i} ${'字'.repeat(i)}`)];
    const kept = bodies.map((body) => store.keep(body));
    if (process.platform !== 'win32') expect(readdirSync(folder)).toEqual([]);
    if (existsSync('/proc/self/fd')) expect(openBodyFiles()).toHaveLength(1);
    for (let i = bodies.length - 1; i >= 0; i -= 3) expect(kept[i]!()).toBe(bodies[i]);
    for (let i = 0; i < bodies.length; i++) expect(kept[i]!()).toBe(bodies[i]);
    store.close();
    expect(readdirSync(folder)).toEqual([]);
    expect(openBodyFiles()).toEqual([]);
    expect(() => kept[1]!()).toThrow(/after the import was closed/);
    expect(() => kept[0]!()).toThrow(/after the import was closed/);
  });
});

describe('openImportSource with bodies in a temporary file', () => {
  it('reads a Ghost export just as the parser does, and leaves nothing behind once closed', async () => {
    process.env.TMPDIR = folder;
    const file = join(fixtures, 'ghost', 'ghost-5-bilingual.json');
    const opened = await openImportSource(file);
    expect(opened.document).toEqual(parseGhostExport(readFileSync(file, 'utf8')));
    opened.close();
    expect(readdirSync(folder)).toEqual([]);
    expect(openBodyFiles()).toEqual([]);
    expect(() => opened.document.posts.flatMap((post) => Object.values(post.texts)).map((text) => text!.body)).toThrow(/after the import was closed/);
  });

  it('reads a WordPress export just as the parser does', async () => {
    process.env.TMPDIR = folder;
    const file = join(fixtures, 'wxr', 'polylang-zh-en.xml');
    const opened = await openImportSource(file);
    expect(opened.document).toEqual(await parseWxr(readFileSync(file, 'utf8')));
    opened.close();
    expect(readdirSync(folder)).toEqual([]);
  });

  it('closes and removes the temporary file when the export is refused', async () => {
    const broken = join(folder, 'broken.json');
    writeFileSync(broken, '{"db": [{"meta": {}, "data": {"posts": [{"id": "1", "html": "<p>x</p>"}');
    process.env.TMPDIR = folder;
    await expect(openImportSource(broken)).rejects.toThrow(/truncated/);
    expect(readdirSync(folder)).toEqual(['broken.json']);
    expect(openBodyFiles()).toEqual([]);
  });
});
