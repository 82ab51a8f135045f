// sharp as the server uses it: the one place its process-wide settings are made, so every
// module that decodes or encodes an image gets the same bounds whichever imports it first.
// libvips keeps decoded images and open files in a cache of its own (50 MB, 20 files and
// 100 operations by default) and runs one encode thread per core: memory outside the
// JavaScript heap that a long-running server never gets back. Duet encodes each upload
// once (its variants), so the cache gains nothing and is off; DUET_SHARP_CACHE_MB gives it
// room again, DUET_SHARP_CONCURRENCY the threads per image (default: libvips' choice).
import sharp from 'sharp';

const settings = Symbol.for('duet.sharpSettings');
type GlobalWithSettings = typeof globalThis & { [settings]?: true };

function applySettings(): void {
  const store = globalThis as GlobalWithSettings;
  if (store[settings]) return;
  store[settings] = true;
  const cacheMb = Number(process.env.DUET_SHARP_CACHE_MB ?? 0);
  if (cacheMb > 0) sharp.cache({ memory: cacheMb, files: 0, items: 100 });
  else sharp.cache(false);
  const concurrency = Number(process.env.DUET_SHARP_CONCURRENCY ?? 0);
  if (concurrency > 0) sharp.concurrency(concurrency);
}

applySettings();

/** What libvips holds now (the internal stats route and the soak bench read it). */
export function sharpMemory(): { cacheBytes: number; cacheHighBytes: number; files: number; items: number; queued: number; processing: number } {
  const cache = sharp.cache();
  const counters = sharp.counters();
  return { cacheBytes: cache.memory.current * 2 ** 20, cacheHighBytes: cache.memory.high * 2 ** 20, files: cache.files.current, items: cache.items.current, queued: counters.queue, processing: counters.process };
}

export default sharp;
