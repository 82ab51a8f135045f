import { describe, expect, it } from 'vitest';
import { mp4RenditionArgs, mp4RenditionOf, mp4RenditionPath, mp4RenditionTimeoutMs, needsMp4Rendition, videoSizeInLog } from './mp4-rendition';

describe('needsMp4Rendition', () => {
  it('asks for a copy of a WebM, QuickTime or Matroska video, not of an MP4 or another kind', () => {
    expect(needsMp4Rendition({ kind: 'video', mime: 'video/webm', path: '/videos/walk.3f9a1c2b7d4e.webm' })).toBe(true);
    expect(needsMp4Rendition({ kind: 'video', mime: 'video/quicktime', path: '/videos/a.0123456789ab.mov' })).toBe(true);
    expect(needsMp4Rendition({ kind: 'video', mime: 'video/mp4', path: '/videos/a.0123456789ab.mp4' })).toBe(false);
    expect(needsMp4Rendition({ kind: 'audio', mime: 'audio/ogg', path: '/audios/a.0123456789ab.ogg' })).toBe(false);
  });

  it('refuses a path that could leave the videos folder', () => {
    expect(needsMp4Rendition({ kind: 'video', mime: 'video/webm', path: '/videos/../auth.secret' })).toBe(false);
    expect(needsMp4Rendition({ kind: 'video', mime: 'video/webm', path: '/videos/a/b.webm' })).toBe(false);
  });
});

describe('mp4RenditionPath', () => {
  it('names the copy after its source, content hash included', () => {
    expect(mp4RenditionPath('/videos/walk.3f9a1c2b7d4e.webm')).toBe('/videos/walk.3f9a1c2b7d4e.h264.mp4');
  });
});

describe('mp4RenditionOf', () => {
  it('finds the MP4 copy among variants', () => {
    const mp4 = { format: 'mp4' as const, path: '/videos/a.h264.mp4', width: 640, height: 360 };
    expect(mp4RenditionOf([{ format: 'webp', path: '/images/a.webp', width: 1, height: 1 }, mp4])).toBe(mp4);
    expect(mp4RenditionOf(undefined)).toBeUndefined();
  });
});

describe('mp4RenditionArgs', () => {
  it('makes H.264 and AAC that every player starts at once, without the source\'s metadata', () => {
    const args = mp4RenditionArgs('/in.webm', '/out.mp4');
    const after = (flag: string) => args[args.indexOf(flag) + 1];
    expect(after('-i')).toBe('/in.webm');
    expect(after('-c:v')).toBe('libx264');
    expect(after('-pix_fmt')).toBe('yuv420p');
    expect(after('-c:a')).toBe('aac');
    expect(after('-movflags')).toBe('+faststart');
    expect(after('-map_metadata')).toBe('-1');
    expect(args).toContain('0:a:0?');
    expect(args.at(-1)).toBe('/out.mp4');
  });
});

describe('videoSizeInLog', () => {
  it('reads the size of the stream ffmpeg wrote, after the one it read', () => {
    const log = [
      "Input #0, matroska,webm, from 'in.webm':",
      '    Stream #0:0: Video: vp9 (Profile 0), yuv420p(tv, progressive), 641x361, SAR 1:1 DAR 16:9, 24 fps',
      "Output #0, mp4, to 'out.mp4':",
      '    Stream #0:0: Video: h264 (libx264) (avc1 / 0x31637661), yuv420p, 640x360 [SAR 1:1 DAR 16:9], q=-1--1, 24 fps',
      '    Stream #0:1: Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 128 kb/s',
    ].join('\n');
    expect(videoSizeInLog(log)).toEqual({ width: 640, height: 360 });
    expect(videoSizeInLog('nothing here')).toBeNull();
  });
});

describe('mp4RenditionTimeoutMs', () => {
  it('allows ten minutes, or four times a long video\'s length', () => {
    expect(mp4RenditionTimeoutMs(null)).toBe(600_000);
    expect(mp4RenditionTimeoutMs(10)).toBe(600_000);
    expect(mp4RenditionTimeoutMs(3600)).toBe(14_400_000);
  });
});
