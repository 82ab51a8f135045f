import { describe, expect, it } from 'vitest';
import { readUploadPolicy, uploadCap } from './upload-policy';

const MB = 1024 * 1024;
const roomy = { libraryBytes: 0, freeDiskBytes: 1_000_000 * MB };

describe('upload policy', () => {
  it('caps authors and translators by default, leaves editors to the kind limits', () => {
    const policy = readUploadPolicy({});
    expect(uploadCap(policy, 'author', roomy)).toEqual({ maxBytes: 200 * MB, reason: 'role-limit' });
    expect(uploadCap(policy, 'translator', roomy)).toEqual({ maxBytes: 20 * MB, reason: 'role-limit' });
    expect(uploadCap(policy, 'editor', roomy)?.reason).toBe('disk-full');
    expect(uploadCap(policy, 'editor', roomy)!.maxBytes).toBeGreaterThan(100_000 * MB);
  });

  it('reads per-role caps, a quota and a free-space reserve from the environment', () => {
    const policy = readUploadPolicy({ UPLOAD_ROLE_LIMITS_MB: 'author=50, editor=500', MEDIA_QUOTA_MB: '1000', MEDIA_MIN_FREE_MB: '10' });
    expect(uploadCap(policy, 'author', roomy)).toEqual({ maxBytes: 50 * MB, reason: 'role-limit' });
    expect(uploadCap(policy, 'editor', { libraryBytes: 800 * MB, freeDiskBytes: 1_000_000 * MB })).toEqual({ maxBytes: 200 * MB, reason: 'storage-quota' });
    expect(uploadCap(policy, 'owner', { libraryBytes: 1200 * MB, freeDiskBytes: 1_000_000 * MB })).toEqual({ maxBytes: 0, reason: 'storage-quota' });
    expect(uploadCap(policy, 'owner', { libraryBytes: 0, freeDiskBytes: 15 * MB })).toEqual({ maxBytes: 5 * MB, reason: 'disk-full' });
  });

  it('refuses settings it cannot read, naming them', () => {
    expect(() => readUploadPolicy({ MEDIA_QUOTA_MB: 'lots' })).toThrow(/MEDIA_QUOTA_MB/);
    expect(() => readUploadPolicy({ UPLOAD_ROLE_LIMITS_MB: 'boss=5' })).toThrow(/boss=5/);
  });
});
