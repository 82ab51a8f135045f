// Tests only: encoded image copies kept across databases. The demo seed spends about four
// fifths of its time encoding its images' WebP and AVIF copies, and the test suites seed
// many databases (every racing instance encodes before it learns another seeded), so with
// DUET_TEST_VARIANT_CACHE naming a folder each copy is encoded once per machine and copied
// after that. The key is the source's SHA-256, the copy's width and format, the encoder's
// settings and sharp's version. A site never sets it (README, "Tests").
import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

export interface CachedVariant {
  width: number;
  height: number;
  bytes: number;
}

const folder = () => process.env.DUET_TEST_VARIANT_CACHE || null;

/** The cache entry's name for this source and copy, or null when there is no cache. */
export async function variantCacheKey(source: string, copy: { width: number; format: string }, settings: unknown): Promise<string | null> {
  if (!folder()) return null;
  const sha256 = createHash('sha256').update(await readFile(source)).digest('hex');
  const encoder = createHash('sha256').update(JSON.stringify([settings, sharp.versions])).digest('hex').slice(0, 12);
  return `${sha256}.w${copy.width}.${encoder}.${copy.format}`;
}

/** Copies a kept copy to `target`; null when none is kept. */
export async function copyCachedVariant(key: string | null, target: string): Promise<CachedVariant | null> {
  const dir = folder();
  if (!key || !dir) return null;
  try {
    const described = JSON.parse(await readFile(join(/* turbopackIgnore: true */ dir, `${key}.json`), 'utf8')) as CachedVariant;
    await copyFile(join(/* turbopackIgnore: true */ dir, key), target);
    return described;
  } catch {
    return null;
  }
}

/**
 * Keeps a freshly encoded copy, written under a temporary name and renamed (processes share
 * the folder). A copy that cannot be kept is simply encoded again next time.
 */
export async function keepVariant(key: string | null, encoded: string, described: CachedVariant): Promise<void> {
  const dir = folder();
  if (!key || !dir) return;
  const part = join(/* turbopackIgnore: true */ dir, `${randomUUID()}.part`);
  try {
    await mkdir(dir, { recursive: true });
    await copyFile(encoded, part);
    await rename(part, join(/* turbopackIgnore: true */ dir, key));
    await writeFile(`${part}.json`, JSON.stringify(described));
    await rename(`${part}.json`, join(/* turbopackIgnore: true */ dir, `${key}.json`));
  } catch {
    await Promise.all([rm(part, { force: true }), rm(`${part}.json`, { force: true })]);
  }
}
