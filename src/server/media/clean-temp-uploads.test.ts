import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanTempUploads, TEMP_UPLOAD_FOLDER } from './clean-temp-uploads';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'duet-clean-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('cleanTempUploads', () => {
  it('deletes temporary files older than the given age and keeps newer ones', async () => {
    const tempDir = join(dataDir, 'media', TEMP_UPLOAD_FOLDER);
    mkdirSync(tempDir, { recursive: true });
    writeFileSync(join(tempDir, 'old.part'), 'x');
    writeFileSync(join(tempDir, 'new.part'), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(join(tempDir, 'old.part'), twoHoursAgo, twoHoursAgo);
    expect(await cleanTempUploads(dataDir, 60 * 60 * 1000)).toBe(1);
    expect(readdirSync(tempDir)).toEqual(['new.part']);
  });

  it('does nothing when no upload ever happened', async () => {
    expect(await cleanTempUploads(dataDir, 0)).toBe(0);
  });
});
