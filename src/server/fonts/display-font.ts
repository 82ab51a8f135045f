// The Chinese display face (Noto Serif SC) cut down to the characters a page shows. A
// page's headings name their characters (/fonts/serif-sc.css?c=<code point list>); the
// stylesheet answers with one @font-face per slice of the font those characters fall in,
// each pointing at that slice cut down to just them (/fonts/serif-sc/<slice>/<list>.woff2,
// made in the render worker, kept in a bounded cache, immutable by its address). A page
// of Chinese headlines costs a few kilobytes of font instead of a megabyte of slices.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { encodeCodePoints, unicodeRangeOf } from '@/core/fonts/code-point-list';
import { parseFontFaces, sliceCovers, type FontSlice } from '@/core/fonts/font-slices';
import { subsetFontInWorker } from '@/server/render/render-pool';

import { maxSliceCodePoints } from './display-font-limits';

export { maxPageCodePoints, maxSliceCodePoints } from './display-font-limits';

export const displayFamily = 'Noto Serif SC Variable';

let slicesLoading: Promise<Map<string, FontSlice>> | null = null;

/** The font's slices by their number in the package (noto-serif-sc-<n>-wght-normal.woff2). */
function serifScSlices(): Promise<Map<string, FontSlice>> {
  slicesLoading ??= (async () => {
    const css = join(/* turbopackIgnore: true */ process.cwd(), 'node_modules', '@fontsource-variable', 'noto-serif-sc', 'index.css');
    const slices = parseFontFaces(await readFile(css, 'utf8'));
    return new Map(
      slices.flatMap((slice) => {
        const id = /noto-serif-sc-(\d+)-wght-normal\.woff2$/.exec(slice.file)?.[1];
        return id ? [[id, { ...slice, file: join(dirname(css), slice.file) }] as const] : [];
      }),
    );
  })();
  slicesLoading.catch(() => (slicesLoading = null));
  return slicesLoading;
}

/** The @font-face rules for these characters; characters the font lacks are left to the fallbacks. */
export async function displayFontCss(codePoints: readonly number[]): Promise<string> {
  const slices = await serifScSlices();
  const bySlice = new Map<string, number[]>();
  for (const codePoint of codePoints) {
    for (const [id, slice] of slices) {
      if (!sliceCovers(slice, codePoint)) continue;
      const list = bySlice.get(id) ?? [];
      list.push(codePoint);
      bySlice.set(id, list);
      break;
    }
  }
  return [...bySlice]
    .map(
      ([id, list]) =>
        `@font-face{font-family:'${displayFamily}';font-style:normal;font-display:swap;font-weight:200 900;` +
        `src:url(/fonts/serif-sc/${id}/${encodeCodePoints(list)}.woff2) format('woff2-variations');unicode-range:${unicodeRangeOf(list)}}`,
    )
    .join('\n');
}

/** Subsets kept in memory, newest last; a file is a few kilobytes. */
const cache = new Map<string, Promise<Uint8Array>>();
const maxCached = 2000;

/**
 * Slice `id` cut down to `codePoints`, or null when the slice does not exist or does not
 * hold every one of them (an address no page of ours makes).
 */
export async function displayFontFile(id: string, codePoints: number[]): Promise<Uint8Array | null> {
  const slice = (await serifScSlices()).get(id);
  if (!slice || codePoints.length > maxSliceCodePoints || !codePoints.every((cp) => sliceCovers(slice, cp))) return null;
  const key = `${id}/${encodeCodePoints(codePoints)}`;
  let subset = cache.get(key);
  if (subset) {
    cache.delete(key);
  } else {
    subset = subsetFontInWorker(slice.file, codePoints);
    subset.catch(() => cache.delete(key));
    if (cache.size >= maxCached) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, subset);
  return subset;
}
