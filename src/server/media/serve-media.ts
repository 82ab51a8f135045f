// Serves media files from DATA_DIR/media with the headers a player needs: the type by
// extension (never sniffed), strong caching for content-hashed names, ETag/304, single
// HTTP ranges (206) so audio and video can seek, and the length of every answer (podcast
// apps refuse an episode without one).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { dataDir } from '@/server/revalidate-token';

export type MediaFolder = 'images' | 'audios' | 'videos';

const types: Record<MediaFolder, Record<string, string>> = {
  images: { webp: 'image/webp', avif: 'image/avif', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif' },
  audios: { mp3: 'audio/mpeg', m4a: 'audio/mp4', ogg: 'audio/ogg', opus: 'audio/ogg', wav: 'audio/wav', flac: 'audio/flac' },
  videos: { webm: 'video/webm', mp4: 'video/mp4', mov: 'video/quicktime', mkv: 'video/x-matroska', vtt: 'text/vtt; charset=utf-8' },
};

/** scripts/content-length.cjs's HEADER. */
export const lengthHeader = 'X-Duet-Content-Length';

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

export async function serveMedia(request: Request, folder: MediaFolder, segments: string[]): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
  const name = segments.length === 1 ? segments[0]! : '';
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  const type = types[folder][ext];
  if (!SAFE_NAME.test(name) || name.includes('..') || !type) return plain(404, 'This page could not be found');

  const base = resolve(dataDir(), 'media', folder);
  const file = resolve(join(base, name));
  if (!file.startsWith(base + sep)) return plain(404, 'This page could not be found');
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return plain(404, 'This page could not be found');

  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'Content-Type': type,
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': info.mtime.toUTCString(),
    'Cache-Control': HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });

  const range = parseRange(request.headers.get('range'), info.size);
  if (range === 'invalid') return plain(416, 'Range Not Satisfiable', { 'Content-Range': `bytes */${info.size}` });
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  const length = String(info.size === 0 ? 0 : end - start + 1);
  headers['Content-Length'] = length;
  // Next drops Content-Length from a route handler's answer; scripts/content-length.cjs
  // (loaded by `npm start`) puts this back as Content-Length on the wire.
  headers[lengthHeader] = length;
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${info.size}`;
  const status = range ? 206 : 200;
  if (request.method === 'HEAD' || info.size === 0) return new Response(null, { status, headers });
  const stream = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(stream, { status, headers });
}
