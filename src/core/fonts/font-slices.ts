// Which files of a self-hosted font a piece of text needs. Our faces come from
// @fontsource-variable as WOFF2 files split by `unicode-range` (the Chinese ones in ~100
// slices); a renderer that cannot do what a browser does with those ranges (the Open
// Graph images' satori) is given only the slices the text's characters fall in, chosen
// here exactly as a browser would: the first family in the stack that covers a character.

/** One `@font-face` of a family: its file (relative to its CSS) and the code points it covers. */
export interface FontSlice {
  family: string;
  file: string;
  /** Inclusive [first, last] code point ranges. */
  ranges: readonly (readonly [number, number])[];
}

/** A family in fallback order, e.g. [Source Serif 4 slices, Noto Serif SC slices]. */
export type FontStack = readonly (readonly FontSlice[])[];

export interface SliceSelection {
  /** The slices to load, in stack order (a family's first, then the next family's). */
  slices: FontSlice[];
  /** Characters no family covers (each once), which the renderer would draw as tofu. */
  uncovered: string[];
}

/** The `@font-face` blocks of a fontsource CSS file (normal style; others are skipped). */
export function parseFontFaces(css: string): FontSlice[] {
  const slices: FontSlice[] = [];
  for (const [, body = ''] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const family = /font-family:\s*['"]?([^;'"]+)['"]?\s*;/.exec(body)?.[1]?.trim();
    const file = /src:[^;]*?url\(\s*['"]?([^)'"]+\.woff2)['"]?\s*\)/.exec(body)?.[1];
    const style = /font-style:\s*([a-z]+)/.exec(body)?.[1] ?? 'normal';
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    if (!family || !file || style !== 'normal') continue;
    slices.push({ family, file, ranges: range ? parseUnicodeRange(range) : [[0, 0x10ffff]] });
  }
  return slices;
}

/** `U+0000-00FF,U+0131,U+4??` as inclusive ranges (CSS Fonts 4, unicode-range). */
export function parseUnicodeRange(value: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const part of value.split(',')) {
    const m = /^\s*[uU]\+([0-9a-fA-F?]{1,6})(?:-([0-9a-fA-F]{1,6}))?\s*$/.exec(part);
    if (!m) continue;
    const [, first = '', last] = m;
    if (first.includes('?')) {
      ranges.push([parseInt(first.replace(/\?/g, '0'), 16), parseInt(first.replace(/\?/g, 'f'), 16)]);
    } else {
      const start = parseInt(first, 16);
      ranges.push([start, last ? parseInt(last, 16) : start]);
    }
  }
  return ranges;
}

export function sliceCovers(slice: FontSlice, codePoint: number): boolean {
  return slice.ranges.some(([first, last]) => codePoint >= first && codePoint <= last);
}

/**
 * The slices `text` needs from `stack`: for each character, the first slice (in CSS order)
 * of the first family that covers it. Line breaks and other control characters need no
 * glyph and are ignored.
 */
export function selectSlices(text: string, stack: FontStack): SliceSelection {
  const chosen = new Set<FontSlice>();
  const uncovered = new Set<string>();
  for (const char of new Set(text)) {
    const codePoint = char.codePointAt(0)!;
    if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) continue;
    const slice = findSlice(stack, codePoint);
    if (slice) chosen.add(slice);
    else uncovered.add(char);
  }
  const order = stack.flat();
  return { slices: [...chosen].sort((a, b) => order.indexOf(a) - order.indexOf(b)), uncovered: [...uncovered] };
}

function findSlice(stack: FontStack, codePoint: number): FontSlice | undefined {
  for (const family of stack) {
    const slice = family.find((s) => sliceCovers(s, codePoint));
    if (slice) return slice;
  }
  return undefined;
}
