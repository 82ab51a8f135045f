// The site's accent colour: links, the brand and buttons are drawn in it, on the light
// paper and, in dark mode, on the dark paper. WCAG 2 contrast decides what is readable:
// the owner's colour must reach 4.5:1 as text on the light paper; no colour can do that on
// both papers at once (their own contrast is too high), so the dark-mode shade is derived
// from it: the same hue and chroma in OKLCH, made lighter until it reads as well on the
// dark paper as Duet's own pair does.
import { problem, type Problem } from '@/core/studio/validation-code';

/** globals.css: the papers, and Duet's own accent in each scheme. */
export const lightPaper = '#fbf8f3';
export const darkPaper = '#15171c';
export const defaultAccent = { light: '#b3402a', dark: '#f0896c', lightInk: '#ffffff', darkInk: '#1b0d08' } as const;

/** WCAG 2.x AA for body text. */
export const minimumContrast = 4.5;
/** What a derived dark shade aims for (Duet's own dark accent has 7.26:1). */
const darkTarget = 7;

export interface AccentPalette {
  /** Text and fills on the light paper. */
  light: string;
  /** Text and fills on the dark paper. */
  dark: string;
  /** Text on a fill of `light` (a button), and on a fill of `dark`. */
  lightInk: string;
  darkInk: string;
}

type Rgb = [number, number, number];

const hexPattern = /^#[0-9a-f]{6}$/;

/** `#B3402A`, `b3402a` and `#b42` become `#b3402a`; anything else is null. */
export function normalizeHex(input: string): string | null {
  let hex = input.trim().toLowerCase();
  if (!hex.startsWith('#')) hex = `#${hex}`;
  if (/^#[0-9a-f]{3}$/.test(hex)) hex = `#${[...hex.slice(1)].map((c) => c + c).join('')}`;
  return hexPattern.test(hex) ? hex : null;
}

function toRgb(hex: string): Rgb {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(Math.min(1, Math.max(0, c)) * 255).toString(16).padStart(2, '0')).join('')}`;
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const fromLinear = (c: number) => (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);

/** WCAG relative luminance of an sRGB colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map(toLinear) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** Contrast rounded down to two decimals, as a refusal quotes it (4.499 is not 4.5). */
export function formatRatio(ratio: number): string {
  return (Math.floor(ratio * 100) / 100).toFixed(2);
}

// OKLab (Björn Ottosson): lightness there is close to how light a colour looks, so
// raising it keeps the colour recognisably the same.
function toOklch(hex: string): { l: number; c: number; h: number } {
  const [r, g, b] = toRgb(hex).map(toLinear) as Rgb;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: L, c: Math.hypot(A, B), h: Math.atan2(B, A) };
}

/** The sRGB colour of an OKLCH value, or null when it lies outside sRGB. */
function fromOklch(L: number, C: number, h: number): Rgb | null {
  const A = C * Math.cos(h);
  const B = C * Math.sin(h);
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  const linear: Rgb = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  if (linear.some((c) => c < -1e-4 || c > 1 + 1e-4)) return null;
  return linear.map((c) => fromLinear(Math.min(1, Math.max(0, c)))) as Rgb;
}

/** The colour at lightness `L` with the hue of `hue`, its chroma reduced as far as sRGB needs. */
function atLightness(L: number, hue: { c: number; h: number }): string {
  for (let c = hue.c; c > 0; c -= 0.005) {
    const rgb = fromOklch(L, c, hue.h);
    if (rgb) return toHex(rgb);
  }
  return toHex(fromOklch(L, 0, 0)!);
}

/**
 * The shade of `light` for the dark paper: the least lightening that reaches 7:1 on it
 * (white, 17:1, ends the search), never darker than the colour itself.
 */
export function deriveDarkAccent(light: string): string {
  const start = toOklch(light);
  if (contrastRatio(light, darkPaper) >= darkTarget) return light;
  let low = start.l;
  let high = 1;
  for (let i = 0; i < 30; i++) {
    const mid = (low + high) / 2;
    if (contrastRatio(atLightness(mid, start), darkPaper) >= darkTarget) high = mid;
    else low = mid;
  }
  return atLightness(high, start);
}

/** Whichever of the two papers reads better on a fill of `fill`. */
function inkOn(fill: string): string {
  return contrastRatio('#ffffff', fill) >= contrastRatio(darkPaper, fill) ? '#ffffff' : darkPaper;
}

/** What is wrong with `hex` as the accent, or null: a sentence quoting the contrast it has. */
export function findAccentProblem(input: string): string | null {
  return findAccentIssue(input)?.message ?? null;
}

/** What is wrong with `hex` as the accent, with the code other languages word it by. */
export function findAccentIssue(input: string): Problem | null {
  const hex = normalizeHex(input);
  if (!hex) return problem('colour', 'Must be a colour in hex, such as #b3402a.');
  const light = contrastRatio(hex, lightPaper);
  if (light < minimumContrast) {
    const ratio = formatRatio(light);
    return problem('contrastLight', `Has a contrast of ${ratio}:1 on the light paper (${lightPaper}); text needs at least 4.5:1. Choose a darker colour.`, { ratio });
  }
  const dark = contrastRatio(deriveDarkAccent(hex), darkPaper);
  if (dark < minimumContrast) {
    const ratio = formatRatio(dark);
    return problem('contrastDark', `Its dark-mode shade has a contrast of ${ratio}:1 on the dark paper (${darkPaper}); text needs at least 4.5:1.`, { ratio });
  }
  return null;
}

/** The colours the pages use for an accepted accent; Duet's own pair when there is none. */
export function accentPalette(accent: string | null): AccentPalette {
  const hex = accent === null ? null : normalizeHex(accent);
  if (hex === null || hex === defaultAccent.light) return { ...defaultAccent };
  const dark = deriveDarkAccent(hex);
  return { light: hex, dark, lightInk: inkOn(hex), darkInk: inkOn(dark) };
}
