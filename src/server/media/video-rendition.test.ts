// The MP4 copy of a video: skipped without ffmpeg, made with a stand-in ffmpeg (a script
// that answers as ffmpeg does), refused cleanly when ffmpeg fails, and made for real when
// this machine has ffmpeg (FFMPEG_PATH or PATH).
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findFfmpeg, makeMp4Rendition, type RenditionSource } from './video-rendition';

let dataDir: string;
const webm: RenditionSource = { kind: 'video', mime: 'video/webm', path: '/videos/walk.0123456789ab.webm', width: null, height: null, durationSeconds: 10 };

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'duet-rendition-'));
  await mkdir(join(dataDir, 'media', 'videos'), { recursive: true });
  await writeFile(join(dataDir, 'media', 'videos', 'walk.0123456789ab.webm'), 'not really a video');
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function standIn(script: string): Promise<string> {
  const path = join(dataDir, 'ffmpeg');
  await writeFile(path, `#!/bin/sh\n${script}\n`);
  await chmod(path, 0o755);
  return path;
}

describe('findFfmpeg', () => {
  it('finds none where there is none, and none when turned off', async () => {
    expect(await findFfmpeg({ PATH: dataDir })).toBeNull();
    expect(await findFfmpeg({ PATH: '' })).toBeNull();
    expect(await findFfmpeg({ FFMPEG_PATH: 'none', PATH: '/usr/bin' })).toBeNull();
    expect(await findFfmpeg({ FFMPEG_PATH: join(dataDir, 'missing') })).toBeNull();
  });

  it('finds ffmpeg on PATH, or where FFMPEG_PATH says', async () => {
    const path = await standIn('exit 0');
    expect(await findFfmpeg({ PATH: `/nonexistent:${dataDir}` })).toBe(path);
    expect(await findFfmpeg({ FFMPEG_PATH: path, PATH: '' })).toBe(path);
  });
});

describe('makeMp4Rendition', () => {
  it('stores the copy beside its source and says its size', async () => {
    const ffmpeg = await standIn('for last; do :; done\nprintf mp4 > "$last"\necho "Output #0, mp4\n    Stream #0:0: Video: h264, yuv420p, 640x360 [SAR 1:1]" >&2');
    const variant = await makeMp4Rendition(webm, { ffmpeg, dataDir });
    expect(variant).toEqual({ format: 'mp4', path: '/videos/walk.0123456789ab.h264.mp4', width: 640, height: 360 });
    expect(await readFile(join(dataDir, 'media', 'videos', 'walk.0123456789ab.h264.mp4'), 'utf8')).toBe('mp4');
    expect(await readdir(join(dataDir, 'media', '.tmp'))).toEqual([]);
  });

  it('fails cleanly when ffmpeg cannot read the video, leaving no file behind', async () => {
    const ffmpeg = await standIn('for last; do :; done\nprintf half > "$last"\necho "Invalid data found when processing input" >&2\nexit 1');
    await expect(makeMp4Rendition(webm, { ffmpeg, dataDir })).rejects.toThrow(/exit code 1: Invalid data/);
    expect(await readdir(join(dataDir, 'media', 'videos'))).toEqual(['walk.0123456789ab.webm']);
    expect(await readdir(join(dataDir, 'media', '.tmp'))).toEqual([]);
  });

  it('makes no copy of an MP4', async () => {
    const ffmpeg = await standIn('exit 1');
    expect(await makeMp4Rendition({ ...webm, mime: 'video/mp4', path: '/videos/a.0123456789ab.mp4' }, { ffmpeg, dataDir })).toBeNull();
  });
});

describe('with this machine\'s ffmpeg', async () => {
  const ffmpeg = await findFfmpeg();
  it.skipIf(!ffmpeg)('turns the demo\'s WebM into an H.264 MP4 of the same size', async () => {
    // Its first two seconds, cut without re-encoding: the same stream as the demo's ten,
    // encoded in a fifth of the time (the browser suite uploads and converts the whole file).
    const source = join(dataDir, 'media', 'videos', 'walk.0123456789ab.webm');
    await new Promise<void>((resolve, reject) =>
      execFile(ffmpeg!, ['-v', 'error', '-y', '-i', join(process.cwd(), 'demo', 'media', 'videos', 'city-walk-shanghai.webm'), '-t', '2', '-c', 'copy', source], (error) => (error ? reject(error) : resolve())),
    );
    const variant = await makeMp4Rendition({ ...webm, durationSeconds: 2 }, { ffmpeg: ffmpeg!, dataDir });
    expect(variant).toMatchObject({ width: 640, height: 360 });
    const head = (await readFile(join(dataDir, 'media', variant!.path.slice(1)))).subarray(4, 8).toString('latin1');
    expect(head).toBe('ftyp');
  }, 60_000);
});
