// /favicon.ico, for the browsers, feed readers and bookmarking tools that ask for it by
// that name whatever the page's <link rel=icon> says: Duet's icon (public/icon.svg)
// rasterized at 16, 32 and 48 pixels into one ICO, made once per process.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from '@/server/media/sharp';
import { encodeIco } from '@/core/media/ico';

const sizes = [16, 32, 48];

/**
 * The icon changes only with a new version of Duet, but its address cannot change with it
 * (nothing to put a hash in), so a month rather than a year: a new icon reaches everyone
 * within that, and the ETag makes asking again cheap.
 */
const cacheControl = 'public, max-age=2592000';

let favicon: Promise<{ bytes: Uint8Array<ArrayBuffer>; etag: string }> | null = null;

async function makeFavicon(): Promise<{ bytes: Uint8Array<ArrayBuffer>; etag: string }> {
  const svg = await readFile(join(/* turbopackIgnore: true */ process.cwd(), 'public', 'icon.svg'));
  const images = await Promise.all(
    sizes.map(async (size) => ({ size, png: new Uint8Array(await sharp(svg, { density: 72 * (size / 64) * 4 }).resize(size, size).png().toBuffer()) })),
  );
  const bytes = encodeIco(images);
  return { bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
}

export async function faviconResponse(request: Request): Promise<Response> {
  favicon ??= makeFavicon().catch((error: unknown) => {
    favicon = null;
    throw error;
  });
  const { bytes, etag } = await favicon;
  const headers = { 'Content-Type': 'image/x-icon', 'Cache-Control': cacheControl, ETag: etag };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(bytes, { headers: { ...headers, 'Content-Length': String(bytes.length) } });
}
