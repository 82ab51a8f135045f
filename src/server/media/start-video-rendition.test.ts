// A fresh install without ffmpeg: a video upload's MP4 copy is skipped with a line in the
// log, and nothing is written or revalidated.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Media } from '@/core/content/types';

const addMediaVariant = vi.fn();
const revalidateOverHttp = vi.fn();
vi.mock('@/db/client', () => ({ getDatabase: () => ({}) }));
vi.mock('@/db/repositories/media-variants', () => ({ addMediaVariant }));
vi.mock('@/server/revalidate-over-http', () => ({ revalidateOverHttp, localOrigin: () => 'http://127.0.0.1:1' }));

const video: Media = {
  id: 1,
  kind: 'video',
  path: '/videos/walk.0123456789ab.webm',
  mime: 'video/webm',
  bytes: 10,
  width: null,
  height: null,
  durationSeconds: null,
  alt: {},
  caption: {},
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('startMp4Rendition', () => {
  it('skips the copy quietly when the machine has no ffmpeg', async () => {
    vi.stubEnv('FFMPEG_PATH', 'none');
    const { startMp4Rendition } = await import('./start-video-rendition');
    await expect(startMp4Rendition(video)).resolves.toBeUndefined();
    expect(addMediaVariant).not.toHaveBeenCalled();
    expect(revalidateOverHttp).not.toHaveBeenCalled();
  });

  it('asks nothing of a video that is an MP4 already', async () => {
    vi.stubEnv('FFMPEG_PATH', '/bin/false');
    const { startMp4Rendition } = await import('./start-video-rendition');
    await expect(startMp4Rendition({ ...video, mime: 'video/mp4', path: '/videos/a.0123456789ab.mp4' })).resolves.toBeUndefined();
    expect(addMediaVariant).not.toHaveBeenCalled();
  });
});
