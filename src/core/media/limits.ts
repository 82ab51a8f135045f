// How large an upload of each kind may be. Language-neutral numbers: the Studio words
// the limit in the reader's language. Sizes are binary megabytes (1 MB = 1,048,576 bytes).
import type { MediaKind } from '@/core/content/types';

const MB = 1024 * 1024;

export const maxUploadBytes: Readonly<Record<MediaKind, number>> = {
  image: 20 * MB,
  audio: 200 * MB,
  video: 1024 * MB,
  subtitle: 2 * MB,
};

/** What applies before the first bytes have said which kind a file is. */
export const largestUploadBytes = Math.max(...Object.values(maxUploadBytes));

/**
 * Images larger than this many pixels are refused even when their file is small: a
 * decompression bomb is a few kilobytes of PNG that decodes to gigabytes.
 * 100 megapixels is above any camera in common use (a 61 MP full-frame is 9504 × 6336).
 */
export const maxImagePixels = 100_000_000;

export function uploadLimitFor(kind: MediaKind): { kind: MediaKind; maxBytes: number } {
  return { kind, maxBytes: maxUploadBytes[kind] };
}
