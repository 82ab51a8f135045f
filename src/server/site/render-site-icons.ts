// Draws the site's pictures from the owner's icon (core/site/site-icons.ts says which)
// into the media store's images (DATA_DIR/media/images or the S3 bucket), where the
// /images route serves them with long caching.
// Runs when the icon is chosen (and at start, for files a restore left out), never while
// a reader waits: sharp decodes and encodes on libuv's threads. A file already there is
// kept; each new one is written beside and renamed into place, so a name always holds a
// whole picture, whoever draws it first.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from '@/server/media/sharp';
import { iconBackground, iconRecipeVersion, ownerIconFiles, siteIconFileName, siteIconRecipes, type SiteIconFiles, type SiteIconRecipe } from '@/core/site/site-icons';
import { TEMP_UPLOAD_FOLDER } from '@/server/media/clean-temp-uploads';
import { syncFile } from '@/server/media/durable-file';
import { untrustedImageOptions } from '@/server/media/image-variants';
import { mediaStoreFor } from '@/server/media/media-store';

/** Names the pictures of one icon: its content and the recipes' version. */
export function iconSetKey(sourceSha256: string): string {
  return createHash('sha256').update(`duet-site-icons:${iconRecipeVersion}:${sourceSha256}`).digest('hex').slice(0, 12);
}

/** One recipe's picture, encoded in memory (the largest, the artwork, is a few hundred kilobytes). */
export async function drawSiteIcon(source: string | Buffer, recipe: SiteIconRecipe): Promise<Buffer> {
  const inner = Math.round(recipe.size * recipe.scale);
  const margin = recipe.size - inner;
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  // Sized (and given its margin) first, as raw pixels; flattening is a second pass, since
  // sharp would otherwise flatten before extending and leave a transparent margin.
  const sized = await sharp(source, untrustedImageOptions)
    .autoOrient()
    .resize(inner, inner, { fit: 'contain', background: transparent, kernel: 'lanczos3' })
    .extend({ top: Math.floor(margin / 2), bottom: Math.ceil(margin / 2), left: Math.floor(margin / 2), right: Math.ceil(margin / 2), background: transparent })
    .ensureAlpha()
    .toColourspace('srgb')
    // Eight bits a channel whatever the source (a 16-bit PNG), as the second pass reads it.
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  let picture = sharp(sized.data, { raw: { width: sized.info.width, height: sized.info.height, channels: 4 } });
  if (recipe.isOpaque) picture = picture.flatten({ background: iconBackground }).removeAlpha();
  return recipe.format === 'jpeg'
    ? picture.jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer()
    : picture.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
}

/**
 * Makes sure every picture of the icon at `source` (a file in the media library, whose
 * content hash is `sha256`) is on disk; returns where each is served.
 */
export async function renderSiteIcons(options: { source: string; sha256: string; dataDir: string }): Promise<SiteIconFiles> {
  const key = iconSetKey(options.sha256);
  const store = mediaStoreFor(options.dataDir);
  const tempDir = join(options.dataDir, 'media', TEMP_UPLOAD_FOLDER);
  await mkdir(tempDir, { recursive: true });
  const wrote: string[] = [];
  for (const recipe of siteIconRecipes) {
    const name = siteIconFileName(recipe, key);
    const target = `images/${name}`;
    if (await store.stat(target)) continue;
    const temporary = join(tempDir, `${randomUUID()}.${name}.part`);
    try {
      const picture = await drawSiteIcon(options.source, recipe);
      await writeFile(temporary, picture, { flag: 'wx' });
      await syncFile(temporary);
      await store.putFile(target, temporary, { contentType: recipe.format === 'jpeg' ? 'image/jpeg' : 'image/png' });
      wrote.push(target);
    } finally {
      await rm(temporary, { force: true });
    }
  }
  if (wrote.length > 0) await store.settle(wrote);
  return ownerIconFiles(key);
}
