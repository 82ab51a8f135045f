// After a video upload has answered: its MP4 copy is made in the background, one video at
// a time (an encoder per upload would take every core from readers), recorded on the
// video's row, and the pages that show it are dropped from the cache so they offer it.
// Without ffmpeg nothing happens but one line in the log.
import type { Media } from '@/core/content/types';
import { needsMp4Rendition } from '@/core/media/mp4-rendition';
import { getDatabase } from '@/db/client';
import { addMediaVariant } from '@/db/repositories/media-variants';
import { logger } from '@/server/logger';
import { localOrigin, revalidateOverHttp } from '@/server/revalidate-over-http';
import { dataDir } from '@/core/config/data-dir';
import { findFfmpeg, makeMp4Rendition } from './video-rendition';

let queue: Promise<void> = Promise.resolve();

/** Queues the MP4 copy of a just-uploaded video; returns at once. The promise is for tests. */
export function startMp4Rendition(media: Media): Promise<void> {
  if (!needsMp4Rendition(media)) return Promise.resolve();
  queue = queue.then(() => renderMp4(media)).catch((error: unknown) => logger.warn({ err: error, media: media.path }, 'could not make the MP4 copy of a video'));
  return queue;
}

async function renderMp4(media: Media): Promise<void> {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) {
    logger.info({ media: media.path }, 'no ffmpeg on this machine: the video is served as uploaded, without an MP4 copy');
    return;
  }
  const started = Date.now();
  const variant = await makeMp4Rendition(media, { ffmpeg, dataDir: dataDir() });
  if (!variant || !(await addMediaVariant(getDatabase(), media.id, variant))) return;
  logger.info({ media: media.path, mp4: variant.path, ms: Date.now() - started }, 'made the MP4 copy of a video');
  await revalidateOverHttp(localOrigin());
}
