// The upload policy as an upload meets it: a translator's file over the role's cap, a file
// over what is left of the library's quota, each refused with its reason while the bytes
// stream in, and nothing of it left in the library.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWav } from '@/core/media/test-media-files';

const root = mkdtempSync(join(tmpdir(), 'duet-upload-policy-'));
process.env.DATA_DIR = root;
process.env.DATABASE_URL = '';
process.env.UPLOAD_ROLE_LIMITS_MB = 'translator=1';
process.env.MEDIA_QUOTA_MB = '3';

const { getDatabase, closeDatabase } = await import('@/db/client');
const { migrateToLatest } = await import('@/db/migrate');
const { uploadMedia } = await import('@/server/media/upload-media');

beforeAll(async () => {
  await migrateToLatest(getDatabase());
});
afterAll(async () => {
  await closeDatabase();
  rmSync(root, { recursive: true, force: true });
});

const upload = (bytes: Buffer, role: 'translator' | 'editor', name = 'tone.wav') =>
  uploadMedia({ stream: Readable.from([bytes]), fileName: name, declaredKind: 'audio', uploader: { id: `u-${role}`, role } });

describe('the upload policy', () => {
  it('refuses a translator’s file over the role’s cap, and keeps nothing of it', async () => {
    const big = makeWav(70); // 1.1 MB of 8 kHz samples
    await expect(upload(big, 'translator')).rejects.toMatchObject({ reason: 'role-limit', status: 413 });
    expect(readdirSync(join(root, 'media')).filter((f) => f !== '.tmp')).toEqual([]);
    expect(await getDatabase().selectFrom('media').selectAll().execute()).toEqual([]);
  });

  it('lets an editor fill the library up to its quota, then says it is full', async () => {
    const { media } = await upload(makeWav(120), 'editor', 'first.wav'); // 1.9 MB
    expect(media.kind).toBe('audio');
    const row = await getDatabase().selectFrom('media').select(['uploaded_by']).executeTakeFirstOrThrow();
    expect(row.uploaded_by).toBe('u-editor');
    await expect(upload(makeWav(80), 'editor', 'second.wav')).rejects.toMatchObject({ reason: 'storage-quota', status: 413 });
  });
});
