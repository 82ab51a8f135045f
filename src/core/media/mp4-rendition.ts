// The MP4 (H.264 video, AAC sound) copy a video gets beside its upload, for the browsers
// and devices that play no WebM (older Safari, many TVs and in-car screens). Which videos
// need one, what it is called and how ffmpeg makes it; running ffmpeg is the server's
// (server/media/video-rendition.ts).
import type { MediaVariant } from '@/core/content/types';

export interface VideoLike {
  kind: string;
  mime: string;
  path: string;
}

/** An MP4 plays everywhere already; anything else (WebM, QuickTime, Matroska) gets a copy. */
export function needsMp4Rendition(media: VideoLike): boolean {
  return media.kind === 'video' && media.mime !== 'video/mp4' && /^\/videos\/[\w.-]+\.\w+$/.test(media.path);
}

/**
 * `/videos/walk.3f9a1c2b7d4e.webm` → `/videos/walk.3f9a1c2b7d4e.h264.mp4`: named after
 * its source's content hash, so it is cached forever like the source and made once.
 */
export function mp4RenditionPath(sourcePath: string): string {
  return sourcePath.replace(/\.\w+$/, '.h264.mp4');
}

/** The MP4 copy among a video's variants, if it has one. */
export function mp4RenditionOf(variants: readonly MediaVariant[] | undefined): MediaVariant | undefined {
  return variants?.find((variant) => variant.format === 'mp4');
}

/**
 * ffmpeg's arguments: H.264 (High profile, yuv420p so every decoder plays it, even
 * dimensions as 4:2:0 needs), AAC sound when there is sound, the index at the front so
 * playback starts before the whole file arrived, no metadata (a phone's GPS position).
 */
export function mp4RenditionArgs(input: string, output: string): string[] {
  return [
    // `info` so the log names the streams' sizes (videoSizeInLog), `-nostats` for no progress lines.
    ...['-hide_banner', '-loglevel', 'info', '-nostats', '-nostdin', '-y', '-i', input],
    ...['-map', '0:v:0', '-map', '0:a:0?', '-map_metadata', '-1', '-sn', '-dn'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
    ...['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2', '-threads', '2'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
    ...['-movflags', '+faststart', '-f', 'mp4', output],
  ];
}

/** A time limit that grows with the video: ten minutes at least, four times its length beyond. */
export function mp4RenditionTimeoutMs(durationSeconds: number | null): number {
  const floor = 10 * 60 * 1000;
  return durationSeconds && durationSeconds > 0 ? Math.max(floor, Math.ceil(durationSeconds * 4000)) : floor;
}

/** The frame size of the last video stream ffmpeg's log describes (the output's), if any. */
export function videoSizeInLog(log: string): { width: number; height: number } | null {
  let size: { width: number; height: number } | null = null;
  for (const match of log.matchAll(/Stream #\d+:\d+.*?: Video: .*?\b(\d{2,5})x(\d{2,5})\b/g)) {
    size = { width: Number(match[1]), height: Number(match[2]) };
  }
  return size;
}
