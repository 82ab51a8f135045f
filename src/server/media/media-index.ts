// The library's images by path, with their sizes and smaller variants, kept in memory so a
// text can be rendered with them anywhere, even inside a publishing transaction (where a
// second database connection would wait on SQLite). Loaded at start, after each upload and
// every minute (another instance's uploads). Shared through globalThis: Next bundles the
// start-up hook and the route handlers apart.
import type { ImageSize } from '@/core/markdown/rehype-images';
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { createMediaFiles } from '@/db/repositories/media-files';
import { logger } from '@/server/logger';

interface MediaIndex {
  images: Map<string, ImageSize>;
  loading: Promise<void> | null;
  timer: NodeJS.Timeout | null;
}

const key = Symbol.for('duet.media-index');
const holder = globalThis as unknown as Record<symbol, MediaIndex | undefined>;
function index(): MediaIndex {
  return (holder[key] ??= { images: new Map(), loading: null, timer: null });
}

/** A text names at most this many images worth looking up (a bound, not a limit on texts). */
const maxImagesPerText = 500;

export function reloadMediaIndex(): Promise<void> {
  const state = index();
  state.loading ??= (async () => {
    try {
      await ensureDatabase();
      state.images = await createMediaFiles(getDatabase()).imageSizes();
    } finally {
      state.loading = null;
    }
  })();
  return state.loading;
}

/** Loads the index now and keeps it fresh; safe to call more than once. */
export function startMediaIndex(): void {
  const state = index();
  reloadMediaIndex().catch((error: unknown) => logger.warn({ err: error }, 'could not load the media index'));
  state.timer ??= setInterval(() => void reloadMediaIndex().catch(() => undefined), 60_000);
  state.timer.unref();
}

/** The library images a Markdown text shows, by the address it uses for them. */
export function libraryImagesIn(markdown: string): Record<string, ImageSize> | undefined {
  const { images } = index();
  if (images.size === 0) return undefined;
  const found: Record<string, ImageSize> = {};
  let seen = 0;
  for (const match of markdown.matchAll(/\]\(\s*<?(\/[^\s)>]{1,500})/g)) {
    if (++seen > maxImagesPerText) break;
    const address = match[1]!;
    let decoded = address;
    try {
      decoded = decodeURI(address);
    } catch {
      // Not percent-encoded as a URL: looked up as written.
    }
    const image = images.get(address) ?? images.get(decoded);
    if (image) {
      found[address] = image;
      found[encodeURI(decoded)] = image;
    }
  }
  return found;
}
