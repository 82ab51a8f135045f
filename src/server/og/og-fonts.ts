// The site's own faces for the Open Graph images, read from @fontsource-variable in
// node_modules (never a remote font host). Satori reads TTF, not WOFF2, and loads every
// font it is given, so each image gets only the unicode-range slices its text needs
// (core/fonts/font-slices), decompressed once and kept in a bounded memory cache.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseFontFaces, selectSlices, type FontSlice, type FontStack } from '@/core/fonts/font-slices';
import { instanceVariableFont } from '@/core/fonts/instance-variable-font';
import { readCodePoints } from '@/core/fonts/read-cmap';

/**
 * The site's stacks and weights (globals.css): the display face for titles (headings are
 * 600), the body face for the small print. Each slice is instanced at its role's weight:
 * satori cannot read variable fonts, and their default instance is not what the site shows.
 */
export const ogFontRoles = {
  display: { families: ['source-serif-4', 'noto-serif-sc'], weight: 600 },
  body: { families: ['inter', 'noto-sans-sc'], weight: 400 },
} as const;

export type OgFontRole = keyof typeof ogFontRoles;

export interface OgFont {
  name: string;
  data: ArrayBuffer;
  weight: 400;
  style: 'normal';
}

export interface OgFonts {
  fonts: OgFont[];
  /** The CSS font-family of each role: its slices in fallback order. */
  family: Record<OgFontRole, string>;
  /**
   * The text without the characters (whole graphemes) no loaded font can draw: satori
   * would fetch a font or emoji for those from the network.
   */
  clean: (text: string) => string;
}

interface LoadedSlice {
  data: ArrayBuffer;
  codePoints: Set<number>;
}

/** Decompressed slices kept in memory: a Chinese slice is 100–250 KB as TTF. */
const maxCachedSlices = 160;
const sliceCache = new Map<string, Promise<LoadedSlice>>();
const stackCache = new Map<string, Promise<FontSlice[]>>();

/** Fonts for an image whose texts, by role, are given (before cleaning). */
export async function loadOgFonts(texts: Record<OgFontRole, string>): Promise<OgFonts> {
  const roles = Object.keys(ogFontRoles) as OgFontRole[];
  const selections = await Promise.all(
    roles.map(async (role) => {
      const stack: FontStack = await Promise.all(ogFontRoles[role].families.map(readFamily));
      return selectSlices(texts[role], stack).slices;
    }),
  );
  const loaded = await Promise.all(
    roles.map((role, r) => Promise.all(selections[r]!.map((slice) => loadSlice(slice, ogFontRoles[role].weight)))),
  );
  // One family name per slice: satori keeps a single font per name, weight and style.
  const fonts: OgFont[] = roles.flatMap((role, r) =>
    loaded[r]!.map((slice, i): OgFont => ({ name: `${role}-${i}`, data: slice.data, weight: 400, style: 'normal' })),
  );
  const family = Object.fromEntries(roles.map((role, r) => [role, loaded[r]!.map((_, i) => `${role}-${i}`).join(', ')])) as Record<OgFontRole, string>;
  return { fonts, family, clean: (text) => dropUndrawable(text, loaded.flat()) };
}

/** A family's slices with absolute file paths, parsed once from its index.css. */
function readFamily(name: string): Promise<FontSlice[]> {
  let family = stackCache.get(name);
  if (!family) {
    const css = join(process.cwd(), 'node_modules', '@fontsource-variable', name, 'index.css');
    family = readFile(css, 'utf8').then((text) => parseFontFaces(text).map((slice) => ({ ...slice, file: join(dirname(css), slice.file) })));
    family.catch(() => stackCache.delete(name));
    stackCache.set(name, family);
  }
  return family;
}

function loadSlice(slice: FontSlice, weight: number): Promise<LoadedSlice> {
  const key = `${slice.file}@${weight}`;
  const cached = sliceCache.get(key);
  if (cached) {
    // Most recently used last: the oldest entry is the one evicted.
    sliceCache.delete(key);
    sliceCache.set(key, cached);
    return cached;
  }
  const loading = prepareSlice(slice.file, weight);
  loading.catch(() => sliceCache.delete(key));
  sliceCache.set(key, loading);
  while (sliceCache.size > maxCachedSlices) sliceCache.delete(sliceCache.keys().next().value!);
  return loading;
}

async function prepareSlice(file: string, weight: number): Promise<LoadedSlice> {
  const ttf = instanceVariableFont(await decompressWoff2(await readFile(file)), { wght: weight });
  const data = ttf.buffer.slice(ttf.byteOffset, ttf.byteOffset + ttf.byteLength) as ArrayBuffer;
  return { data, codePoints: readCodePoints(data) };
}

let decompressing: Promise<unknown> = Promise.resolve();

/**
 * One decompression at a time, copied out at once: wawoff2 answers with a view into its
 * WebAssembly heap, which the next call may overwrite (or a heap growth detach).
 */
function decompressWoff2(woff2: Uint8Array): Promise<Uint8Array> {
  const run = decompressing.then(async () => {
    const { default: wawoff2 } = await import('wawoff2');
    return (await wawoff2.decompress(woff2)).slice();
  });
  decompressing = run.catch(() => undefined);
  return run;
}

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

function dropUndrawable(text: string, fonts: LoadedSlice[]): string {
  let kept = '';
  for (const { segment } of graphemes.segment(text)) {
    const points = [...segment].map((c) => c.codePointAt(0)!);
    if (/^\s+$/.test(segment) || fonts.some((f) => points.every((p) => f.codePoints.has(p)))) kept += segment;
  }
  return kept.replace(/\s+/g, ' ').trim();
}
