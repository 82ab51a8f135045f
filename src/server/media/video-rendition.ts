// Makes a video's MP4 (H.264/AAC) copy with ffmpeg, when the machine has one. ffmpeg is
// optional: a fresh install without it serves videos as uploaded and nothing fails. The
// encoder runs in a child process at low priority with a time limit, writes into the
// upload temp folder and is moved into the media store when whole, like every other media
// file (with S3, the video is first copied down from the bucket for ffmpeg to read).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, rm, stat } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Media, MediaVariant } from '@/core/content/types';
import { mp4RenditionArgs, mp4RenditionPath, mp4RenditionTimeoutMs, needsMp4Rendition, videoSizeInLog } from '@/core/media/mp4-rendition';
import { TEMP_UPLOAD_FOLDER } from './clean-temp-uploads';
import { syncFile } from './durable-file';
import { keyOfPath, mediaStoreFor, type MediaStore } from './media-store';

/** ffmpeg's log is read for the streams' sizes, which it prints first; the rest is not kept. */
const maxLogChars = 64 * 1024;

/**
 * The ffmpeg to use: `FFMPEG_PATH` when set (`none` turns the copies off), otherwise the
 * first `ffmpeg` on PATH; null when there is none.
 */
export async function findFfmpeg(env: Readonly<Record<string, string | undefined>> = process.env): Promise<string | null> {
  const configured = env.FFMPEG_PATH?.trim();
  if (configured === 'none') return null;
  if (configured) return (await isExecutable(configured)) ? configured : null;
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'ffmpeg');
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}

async function isExecutable(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(
    async () => (await stat(path)).isFile(),
    () => false,
  );
}

export type RenditionSource = Pick<Media, 'kind' | 'mime' | 'path' | 'width' | 'height' | 'durationSeconds'>;

/** Encodes the MP4 copy of `media` into the media store; null when the video needs none. */
export async function makeMp4Rendition(
  media: RenditionSource,
  options: { ffmpeg: string; dataDir: string; store?: MediaStore },
): Promise<MediaVariant | null> {
  if (!needsMp4Rendition(media)) return null;
  const store = options.store ?? mediaStoreFor(options.dataDir);
  const path = mp4RenditionPath(media.path);
  const target = keyOfPath(path);
  const tempDir = join(options.dataDir, 'media', TEMP_UPLOAD_FOLDER);
  await mkdir(tempDir, { recursive: true });
  const temporary = join(tempDir, `${randomUUID()}.mp4.part`);
  const source = await store.localCopy(keyOfPath(media.path), tempDir);
  try {
    const log = await runFfmpeg(options.ffmpeg, mp4RenditionArgs(source.path, temporary), mp4RenditionTimeoutMs(media.durationSeconds));
    const size = videoSizeInLog(log) ?? (media.width && media.height ? { width: media.width, height: media.height } : null);
    if (!size) throw new Error('ffmpeg did not say the size of the video it made');
    await syncFile(temporary);
    await store.putFile(target, temporary, { contentType: 'video/mp4' });
    await store.settle([target]);
    return { format: 'mp4', path, ...size };
  } finally {
    await Promise.all([rm(temporary, { force: true }), source.release()]);
  }
}

/** Runs ffmpeg to its end, killed at `timeoutMs`; resolves with the start of its log. */
function runFfmpeg(ffmpeg: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    // Readers come first: the encoder gets what the machine has left.
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, 15);
      } catch {
        // Not permitted here: it runs at normal priority.
      }
    }
    let log = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (log.length < maxLogChars) log += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(log);
      else reject(new Error(`ffmpeg ended with ${signal ?? `exit code ${code}`}: ${log.slice(-400).trim()}`));
    });
  });
}
