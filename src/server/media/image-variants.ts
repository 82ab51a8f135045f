// Responsive copies of an uploaded image: WebP and AVIF at 480, 960 and 1600 pixels wide
// (never wider than the original; one copy at the original width when it is narrower
// than all of them). Each is encoded into the upload temp folder and flushed; the caller
// renames them into place together with the original.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SharpOptions } from 'sharp';
import sharp from '@/server/media/sharp';
import { maxImagePixels } from '@/core/media/limits';
import { syncFile } from './durable-file';
import { copyCachedVariant, keepVariant, variantCacheKey } from './test-variant-cache';

export const VARIANT_WIDTHS = [480, 960, 1600] as const;
export const VARIANT_FORMATS = ['webp', 'avif'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** Decoding options for every untrusted image: a pixel cap, and refusal of damaged or cut-short data. */
export const untrustedImageOptions = { limitInputPixels: maxImagePixels, failOn: 'error' } as const satisfies SharpOptions;

export interface PlannedVariant {
  width: number;
  format: VariantFormat;
  /** `w960` and the like, placed before the extension of the stored name. */
  suffix: string;
}

export interface EncodedVariant extends PlannedVariant {
  height: number;
  bytes: number;
  temporary: string;
}

/** Which variants an image `width` pixels wide (after EXIF orientation) gets. */
export function planVariants(width: number): PlannedVariant[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w <= width);
  if (widths.length === 0) widths.push(width);
  return widths.flatMap((w) => VARIANT_FORMATS.map((format) => ({ width: w, format, suffix: `w${w}` })));
}

/** Encodes one variant of `source` into `tempDir`, flushed to disk. */
export async function encodeVariant(source: string, variant: PlannedVariant, tempDir: string): Promise<EncodedVariant> {
  const temporary = join(tempDir, `${randomUUID()}.${variant.suffix}.${variant.format}.part`);
  const settings = variant.format === 'webp' ? { quality: 80 } : { quality: 55 };
  const pipeline = sharp(source, untrustedImageOptions).autoOrient().resize({ width: variant.width, withoutEnlargement: true });
  const encoded = variant.format === 'webp' ? pipeline.webp(settings) : pipeline.avif(settings);
  try {
    // Only under the test suites (DUET_TEST_VARIANT_CACHE): a copy encoded before is copied.
    const key = await variantCacheKey(source, variant, settings);
    const cached = await copyCachedVariant(key, temporary);
    // Metadata (EXIF with GPS position, camera serials) is not copied: sharp drops it unless asked.
    const info = cached ? { width: cached.width, height: cached.height, size: cached.bytes } : await encoded.toFile(temporary);
    await syncFile(temporary);
    if (!cached) await keepVariant(key, temporary, { width: info.width, height: info.height, bytes: info.size });
    return { ...variant, width: info.width, height: info.height, bytes: info.size, temporary };
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
