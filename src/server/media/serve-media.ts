// Serves media files from the media store (DATA_DIR/media, or streamed through from the S3
// bucket with ranged GetObjects, so no bucket URL ends up in a page) with the headers a
// player needs: the type by extension (never sniffed), strong caching for content-hashed
// names, ETag/304, single HTTP ranges (206) so audio and video can seek, and the length of
// every answer (podcast apps refuse an episode without one).
import { logger } from '@/server/logger';
import { dataDir } from '@/core/config/data-dir';
import { mediaStoreFor, type MediaStore, type StoredFile } from './media-store';
import { lengthHeader } from './length-header';

export type MediaFolder = 'images' | 'audios' | 'videos';

const types: Record<MediaFolder, Record<string, string>> = {
  images: { webp: 'image/webp', avif: 'image/avif', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif' },
  audios: { mp3: 'audio/mpeg', m4a: 'audio/mp4', ogg: 'audio/ogg', opus: 'audio/ogg', wav: 'audio/wav', flac: 'audio/flac' },
  videos: { webm: 'video/webm', mp4: 'video/mp4', mov: 'video/quicktime', mkv: 'video/x-matroska', vtt: 'text/vtt; charset=utf-8' },
};

/** The type a media file is served with, by its folder and extension; undefined for a file no route serves. */
export function mediaTypeOf(key: string): string | undefined {
  const [folder, name] = key.split('/') as [MediaFolder, string | undefined];
  return types[folder]?.[name?.split('.').pop()?.toLowerCase() ?? ''];
}

export { lengthHeader };

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
/** name.<10+ hex>.ext: the content decides the name, so it can be cached forever. */
const HASHED = /\.[0-9a-f]{10,64}(?:\.w\d+)?\.[a-z0-9]+$/;

function plain(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...headers } });
}

/** Parses a single `bytes=` range; null when absent or of a form we ignore, 'invalid' when unsatisfiable. */
export function parseRange(header: string | null, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

export async function serveMedia(request: Request, folder: MediaFolder, segments: string[], store: MediaStore = mediaStoreFor(dataDir())): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
  const name = segments.length === 1 ? segments[0]! : '';
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  const type = types[folder][ext];
  if (!SAFE_NAME.test(name) || name.includes('..') || !type) return plain(404, 'This page could not be found');

  const key = `${folder}/${name}`;
  let info: StoredFile | null;
  try {
    info = await store.stat(key);
  } catch (error) {
    logger.error({ err: error, media: key }, 'the media store did not answer');
    return plain(503, 'Service Unavailable', { 'Retry-After': '10' });
  }
  if (!info) return plain(404, 'This page could not be found');

  const etag = info.etag;
  const headers: Record<string, string> = {
    'Content-Type': type,
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': info.lastModified.toUTCString(),
    'Cache-Control': HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });

  const range = parseRange(request.headers.get('range'), info.size);
  if (range === 'invalid') return plain(416, 'Range Not Satisfiable', { 'Content-Range': `bytes */${info.size}` });
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  const length = String(info.size === 0 ? 0 : end - start + 1);
  headers['Content-Length'] = length;
  // Next drops Content-Length from a route handler's answer; the server entry's
  // content-length layer (src/server-entry/content-length.ts) puts it back on the wire.
  headers[lengthHeader] = length;
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${info.size}`;
  const status = range ? 206 : 200;
  if (request.method === 'HEAD' || info.size === 0) return new Response(null, { status, headers });
  try {
    return new Response(await store.read(key, { start, end }), { status, headers });
  } catch (error) {
    // Deleted between the two requests (a 404), or the store went away (a 503).
    if (!(await store.stat(key).catch(() => info))) return plain(404, 'This page could not be found');
    logger.error({ err: error, media: key }, 'the media store did not answer');
    return plain(503, 'Service Unavailable', { 'Retry-After': '10' });
  }
}
