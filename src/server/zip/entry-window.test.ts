// The entry window keeps yazl's list short while an archive is written, and the archive it
// ends still lists every entry, in order, with its bytes: for an export's way of writing
// (every entry queued, then ended, then written as the archive reaches each) and a
// backup's (one entry at a time, ended after the last).
import { mkdtempSync, rmSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { createArchiveWriter } from '@/server/backup/archive-writer';
import { openImportArchive } from '@/server/import/read-archive';
import { createEntryWindow } from './entry-window';

const work = mkdtempSync(join(tmpdir(), 'duet-entry-window-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Several times the window's step, so entries are moved out and back more than once.
const count = 1_200;
const nameOf = (i: number) => `posts/${i}-post/${i % 2 === 0 ? 'zh' : 'en'}.md`;
const textOf = (i: number) => `# Post ${i}\n\n${'word '.repeat(i % 50)}\n`;

async function readBack(file: string): Promise<Array<[string, string]>> {
  const archive = await openImportArchive(file);
  try {
    const read: Array<[string, string]> = [];
    for (const entry of archive.entries) {
      const chunks: Buffer[] = [];
      for await (const chunk of await archive.openEntry(entry.path)) chunks.push(chunk as Buffer);
      read.push([entry.path, Buffer.concat(chunks).toString('utf8')]);
    }
    return read;
  } finally {
    archive.close();
  }
}

const expected = () => Array.from({ length: count }, (_, i): [string, string] => [nameOf(i), textOf(i)]);

describe('the ZIP entry window', () => {
  it('lists every entry queued before the end, in order, while the list yazl scans shrinks', async () => {
    const file = join(work, 'queued.zip');
    const zip = new ZipFile();
    const window = createEntryWindow(zip);
    const list = zip as unknown as { entries: unknown[] };
    let nearTheEnd = 0;
    for (let i = 0; i < count; i++) {
      zip.addReadStreamLazy(nameOf(i), { compress: i % 3 !== 0 }, (cb) => {
        if (i === count - 2) nearTheEnd = list.entries.length;
        window.started();
        cb(null, Readable.from([Buffer.from(textOf(i))]));
      });
    }
    const written = pipeline(zip.outputStream, createWriteStream(file));
    window.end();
    await written;
    expect(await readBack(file)).toEqual(expected());
    // Without the window yazl's list holds all 1,200 entries to the end.
    expect(nearTheEnd).toBeLessThan(count / 4);
  });

  it('lists every entry a backup added one at a time', async () => {
    const file = join(work, 'one-by-one.zip');
    const writer = createArchiveWriter(file);
    for (const [name, text] of expected()) await writer.add(name, Readable.from([Buffer.from(text)]), { compress: true });
    await writer.finish();
    expect(await readBack(file)).toEqual(expected());
  });
});
