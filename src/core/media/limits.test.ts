import { describe, expect, it } from 'vitest';
import { largestUploadBytes, maxUploadBytes, uploadLimitFor } from './limits';

describe('upload limits', () => {
  it('gives each kind its limit', () => {
    expect(uploadLimitFor('image')).toEqual({ kind: 'image', maxBytes: 20 * 1024 * 1024 });
    expect(uploadLimitFor('audio').maxBytes).toBe(200 * 1024 * 1024);
    expect(uploadLimitFor('video').maxBytes).toBe(1024 * 1024 * 1024);
    expect(uploadLimitFor('subtitle').maxBytes).toBe(2 * 1024 * 1024);
  });

  it('applies the largest before the kind is known', () => {
    expect(largestUploadBytes).toBe(maxUploadBytes.video);
  });
});
