import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportFormatError } from '@/core/import/import-document';
import { openImportArchive } from './read-archive';
import { readGhostArchive } from './read-ghost-archive';

const dir = mkdtempSync(join(tmpdir(), 'duet-archive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A ZIP file written byte by byte, so entries yazl would refuse (`../x`, `/etc/x`) can be made. */
/** `claimed` is the size the headers state, when they lie about it. */
function writeZip(name: string, entries: Array<{ path: string; data: Buffer | string; deflate?: boolean; claimed?: number }>): string {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.data);
    const stored = entry.deflate ? deflateRawSync(data) : data;
    const fileName = Buffer.from(entry.path, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6);
    header.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    header.writeUInt32LE(crc32(data), 14);
    header.writeUInt32LE(stored.length, 18);
    header.writeUInt32LE(entry.claimed ?? data.length, 22);
    header.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(entry.claimed ?? data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(header, fileName, stored);
    centrals.push(central, fileName);
    offset += header.length + fileName.length + stored.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  const file = join(dir, name);
  writeFileSync(file, Buffer.concat([...locals, ...centrals, end]));
  return file;
}

describe('openImportArchive', () => {
  it('lists files (not folders or macOS litter) and streams one entry', async () => {
    const file = writeZip('ok.zip', [
      { path: 'site/', data: '' },
      { path: 'site/export.json', data: '{"a":1}', deflate: true },
      { path: 'site/content/images/x.jpg', data: 'JPEG' },
      { path: '__MACOSX/site/._x.jpg', data: 'junk' },
    ]);
    const archive = await openImportArchive(file);
    expect(archive.entries.map((entry) => entry.path)).toEqual(['site/export.json', 'site/content/images/x.jpg']);
    expect(await text(await archive.openEntry('site/export.json'))).toBe('{"a":1}');
    await expect(archive.openEntry('nope')).rejects.toThrow(ImportFormatError);
    archive.close();
  });

  it('refuses entries whose path is absolute or climbs out of the archive', async () => {
    for (const path of ['../evil.txt', 'a/../../evil.txt', '/etc/passwd', 'C:\\Windows\\evil.txt', 'a\\..\\..\\evil']) {
      const file = writeZip('bad.zip', [{ path: 'fine.txt', data: 'x' }, { path, data: 'x' }]);
      await expect(openImportArchive(file), path).rejects.toThrow(/is refused: its path is absolute or leaves the archive/);
    }
  });

  it('refuses zip bombs: an entry inflating far beyond its size, too much data, too many entries', async () => {
    const bomb = writeZip('bomb.zip', [{ path: 'zeros.bin', data: Buffer.alloc(4 * 1024 * 1024), deflate: true }]);
    await expect(openImportArchive(bomb, { maxRatio: 100 })).rejects.toThrow(/inflates \d+ times its compressed size; the limit is 100/);
    const big = writeZip('big.zip', [{ path: 'a.txt', data: 'a'.repeat(2000) }, { path: 'b.txt', data: 'b'.repeat(2000) }]);
    await expect(openImportArchive(big, { maxTotalBytes: 3000 })).rejects.toThrow(/inflates to more than/);
    await expect(openImportArchive(big, { maxEntries: 1 })).rejects.toThrow(/holds 2 entries; the limit is 1/);
  });

  it('refuses, once verified, an archive whose headers understate an entry, and accepts an honest one', async () => {
    const lying = writeZip('lying.zip', [
      { path: 'export.json', data: '{}' },
      { path: 'content/images/big.jpg', data: Buffer.alloc(300_000, 7), deflate: true, claimed: 10 },
    ]);
    const archive = await openImportArchive(lying);
    await expect(archive.verify()).rejects.toThrow(/“content\/images\/big\.jpg” does not hold what its header says \(10 bytes/);
    archive.close();
    const honest = await openImportArchive(writeZip('honest.zip', [{ path: 'a.bin', data: Buffer.alloc(300_000, 7), deflate: true }]));
    await expect(honest.verify()).resolves.toBeUndefined();
    honest.close();
  });

  it('refuses a file that is not a ZIP archive', async () => {
    const file = join(dir, 'not.zip');
    writeFileSync(file, 'plain text');
    await expect(openImportArchive(file)).rejects.toThrow(/cannot be opened as a ZIP file/);
  });
});

describe('readGhostArchive', () => {
  it('parses the JSON inside a one-folder archive and finds images relative to it', async () => {
    const json = readFileSync(join(process.cwd(), 'tests', 'fixtures', 'import', 'ghost', 'ghost-5-bilingual.json'));
    const file = writeZip('ghost.zip', [
      { path: 'my-site/my-site.ghost.2024-05-08.json', data: json, deflate: true },
      { path: 'my-site/content/images/2024/05/cover.jpg', data: 'JPEG' },
      { path: 'my-site/content/themes/casper/package.json', data: '{}' },
    ]);
    const { document, root } = await readGhostArchive(file);
    expect(root).toBe('my-site');
    const pair = document.posts.find((post) => post.pairedBy)!;
    expect(pair.cover?.archivePath).toBe('content/images/2024/05/cover.jpg');
  });

  it('says so when the archive holds no export', async () => {
    const file = writeZip('empty.zip', [{ path: 'readme.txt', data: 'hi' }]);
    await expect(readGhostArchive(file)).rejects.toThrow(/no Ghost JSON export/);
  });
});
