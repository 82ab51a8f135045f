// The rules a backup archive must follow before a restore inflates anything: entry paths
// (absolute, `..`, outside the backup's folders), believable sizes (ratio, overlapping
// entries), a manifest that parses and names only safe paths, and migrations this Duet knows.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openBackupArchive } from './archive-reader';
import { checkEntryPath, checkEntrySize, defaultArchiveLimits } from './archive-rules';
import { checkMigrationsKnown, parseManifest } from './backup-manifest';
import { isBackupRefusal } from './backup-refused-error';

const dir = mkdtempSync(join(tmpdir(), 'duet-backup-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface RawEntry {
  path: string;
  data: Buffer;
  /** Lies for the headers, to build what a hostile archive looks like. */
  declaredSize?: number;
  /** Points this entry at an earlier entry's bytes (an overlapping zip bomb). */
  sameDataAs?: number;
}

/** A ZIP written byte by byte, so entries yazl would refuse to make can be tested. */
function writeRawZip(name: string, entries: RawEntry[]): string {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const entry of entries) {
    const stored = deflateRawSync(entry.data);
    const fileName = Buffer.from(entry.path, 'utf8');
    const size = entry.declaredSize ?? entry.data.length;
    const fields = (buffer: Buffer, at: number) => {
      buffer.writeUInt16LE(0x0800, at); // UTF-8 names
      buffer.writeUInt16LE(8, at + 2); // deflate
      buffer.writeUInt32LE(crc32(entry.data), at + 8);
      buffer.writeUInt32LE(stored.length, at + 12);
      buffer.writeUInt32LE(size, at + 16);
      buffer.writeUInt16LE(fileName.length, at + 20);
    };
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    fields(central, 8);
    central.writeUInt32LE(entry.sameDataAs === undefined ? offset : offsets[entry.sameDataAs]!, 42);
    centrals.push(central, fileName);
    offsets.push(offset);
    if (entry.sameDataAs !== undefined) continue;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    fields(local, 6);
    locals.push(local, fileName, stored);
    offset += local.length + fileName.length + stored.length;
  }
  const centralBytes = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  const file = join(dir, name);
  writeFileSync(file, Buffer.concat([...locals, centralBytes, end]));
  return file;
}

async function refusalOf(file: string): Promise<string> {
  try {
    (await openBackupArchive(file, defaultArchiveLimits)).close();
    return 'opened';
  } catch (error) {
    return isBackupRefusal(error) ? `${error.reason}: ${error.message}` : `threw ${String(error)}`;
  }
}

describe('checkEntryPath', () => {
  it.each(['manifest.json', 'database/duet.db', 'database/posts.jsonl', 'media/images/tea.3f9a1c2b7d.webp', 'secrets/auth.secret', 'media/a..b.webp'])(
    'accepts %s',
    (path) => expect(checkEntryPath(path)).toBeNull(),
  );

  it.each([
    ['../duet.db', /climbs out/],
    ['media/../../etc/passwd', /climbs out/],
    ['media/images/..', /climbs out/],
    ['/etc/passwd', /absolute/],
    ['C:/Windows/win.ini', /absolute/],
    ['media\\..\\x', /backslash/],
    ['media/a\u0000b', /control character/],
    ['media//a', /empty or "\." part/],
    ['media/./a', /empty or "\." part/],
    ['media/', /empty or "\." part/],
    ['etc/passwd', /not manifest\.json or a file under/],
    ['media', /not manifest\.json or a file under/],
    ['', /empty/],
  ])('refuses %j', (path, reason) => expect(checkEntryPath(path)).toMatch(reason));
});

describe('checkEntrySize', () => {
  const limits = { maxRatio: 1000, ratioFloor: 1024 * 1024 };
  it('lets small entries compress as much as they like', () => {
    expect(checkEntrySize({ bytes: 1024 * 1024, compressedBytes: 1 }, limits)).toBeNull();
  });
  it('accepts a large entry up to the ratio and refuses it past', () => {
    expect(checkEntrySize({ bytes: 10_000_000, compressedBytes: 10_000 }, limits)).toBeNull();
    expect(checkEntrySize({ bytes: 10_000_001, compressedBytes: 10_000 }, limits)).toMatch(/inflate 1000 times.*limit of 1000/);
    expect(checkEntrySize({ bytes: 2 ** 31, compressedBytes: 0 }, limits)).toMatch(/zip bomb/);
  });
});

describe('openBackupArchive', () => {
  it('opens a well-formed archive and lists its entries', async () => {
    const file = writeRawZip('good.zip', [
      { path: 'manifest.json', data: Buffer.from('{}') },
      { path: 'media/images/a.webp', data: Buffer.alloc(5000, 7) },
    ]);
    const archive = await openBackupArchive(file, defaultArchiveLimits);
    expect([...archive.entries.keys()]).toEqual(['manifest.json', 'media/images/a.webp']);
    expect((await archive.readSmall('media/images/a.webp', 10_000)).equals(Buffer.alloc(5000, 7))).toBe(true);
    archive.close();
  });

  it.each([
    ['../evil', /“\.\.\/evil” is refused: its path climbs out/],
    ['media/../../evil', /climbs out/],
    ['/etc/cron.d/evil', /is refused: its path is absolute/],
    // yauzl reads a backslash as a slash, as Windows zip tools mean it.
    ['C:\\evil', /is refused: its path is absolute/],
    ['media\\..\\..\\evil', /climbs out/],
  ])('refuses an entry named %j, naming it', async (path, message) => {
    const file = writeRawZip('path.zip', [{ path: 'manifest.json', data: Buffer.from('{}') }, { path, data: Buffer.from('x') }]);
    expect(await refusalOf(file)).toMatch(new RegExp(`^unsafe-entry: .*${message.source}`));
  });

  it('refuses an entry that claims to inflate far beyond its compressed size, before inflating it', async () => {
    const file = writeRawZip('ratio.zip', [{ path: 'media/videos/bomb.mp4', data: Buffer.alloc(100), declaredSize: 2 ** 31 }]);
    expect(await refusalOf(file)).toMatch(/^unsafe-entry: .*“media\/videos\/bomb\.mp4”.*zip bomb/);
  });

  it('refuses entries that share their compressed bytes (an overlapping zip bomb)', async () => {
    const data = Buffer.alloc(1000, 1);
    const shared = Array.from({ length: 20 }, (_, i) => ({ path: `media/images/${i}.webp`, data, sameDataAs: 0 }));
    const file = writeRawZip('overlap.zip', [{ path: 'media/images/first.webp', data }, ...shared]);
    expect(await refusalOf(file)).toMatch(/^unsafe-entry: .*overlap/);
  });

  it('refuses the same name twice and what is not a ZIP at all', async () => {
    const twice = writeRawZip('twice.zip', [{ path: 'media/a.webp', data: Buffer.from('1') }, { path: 'media/a.webp', data: Buffer.from('2') }]);
    expect(await refusalOf(twice)).toMatch(/^unsafe-entry: .*twice/);
    const text = join(dir, 'text.zip');
    writeFileSync(text, 'not a zip');
    expect(await refusalOf(text)).toMatch(/^not-a-backup: /);
  });
});

describe('parseManifest', () => {
  const valid = {
    format: 'duet-backup',
    formatVersion: 1,
    duetVersion: '0.1.0',
    createdAt: '2027-01-01T00:00:00.000Z',
    database: { kind: 'sqlite', migrations: ['2026-11-22T0001-content'] },
    entries: [{ path: 'database/duet.db', bytes: 3, sha256: 'a'.repeat(64) }],
  };
  const parse = (value: unknown) => () => parseManifest(Buffer.from(JSON.stringify(value)));

  it('accepts a manifest that lists its database file', () => expect(parse(valid)()).toMatchObject({ database: { kind: 'sqlite' } }));
  it('says a newer format needs a newer Duet', () => expect(parse({ ...valid, formatVersion: 2 })).toThrow(/format 2.*Upgrade Duet/));
  it('refuses a listed path that climbs out', () => {
    expect(parse({ ...valid, entries: [...valid.entries, { path: '../x', bytes: 1, sha256: 'b'.repeat(64) }] })).toThrow(/“\.\.\/x”, which is refused/);
  });
  it('refuses a manifest without its database file, or with unknown fields', () => {
    expect(parse({ ...valid, entries: [] })).toThrow(/does not list the database file “database\/duet\.db”/);
    expect(parse({ ...valid, extra: true })).toThrow(/not a Duet backup manifest/);
  });
});

describe('checkMigrationsKnown', () => {
  const known = ['a', 'b', 'c'];
  it('accepts the first migrations this Duet knows, in any listed order', () => {
    expect(checkMigrationsKnown(['b', 'a'], known)).toBeNull();
    expect(checkMigrationsKnown(['a', 'b', 'c'], known)).toBeNull();
  });
  it('refuses a newer Duet\'s migrations and a gap', () => {
    expect(checkMigrationsKnown(['a', 'b', 'c', 'd'], known)).toMatch(/newer Duet/);
    expect(checkMigrationsKnown(['a', 'c'], known)).toMatch(/not the first ones/);
  });
});
