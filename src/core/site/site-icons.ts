// The pictures of the site made from one square icon: the favicon, the home-screen icons
// (Apple's and the web app manifest's, plain and maskable) and the podcast artwork. Each
// has a fixed recipe (size, background, format); server/site/render-site-icons.ts draws
// them once, when the icon is chosen, into files named after the icon's content and the
// recipe, so a name never changes meaning and can be cached for ever.

/** Raise when a recipe changes: every site then gets new files under new names. */
export const iconRecipeVersion = 1;

/** The smallest icon accepted: the largest home-screen icon is drawn from it without enlarging. */
export const minIconSize = 512;

/**
 * Apple Podcasts takes 1400 to 3000 pixels square, JPEG or PNG, RGB, no transparency;
 * 3000 is what it recommends, and a JPEG of a flat icon at that size stays small.
 */
export const artworkSize = 3000;

/** What a pasted-over transparency becomes (globals.css light paper), where a picture can have none. */
export const iconBackground = '#fbf8f3';

export type SiteIconRole = 'favicon' | 'apple' | 'icon192' | 'icon512' | 'maskable512' | 'artwork';

export interface SiteIconRecipe {
  role: SiteIconRole;
  size: number;
  format: 'png' | 'jpeg';
  /** Flattened on the paper colour: Apple fills transparency with black; podcasts refuse it. */
  isOpaque: boolean;
  /** The share of the side the icon covers: a maskable icon keeps the safe zone's margin. */
  scale: number;
  /** The readable part of the file name. */
  base: string;
}

export const siteIconRecipes: readonly SiteIconRecipe[] = [
  { role: 'favicon', size: 32, format: 'png', isOpaque: false, scale: 1, base: 'site-icon' },
  { role: 'apple', size: 180, format: 'png', isOpaque: true, scale: 1, base: 'site-icon-apple' },
  { role: 'icon192', size: 192, format: 'png', isOpaque: false, scale: 1, base: 'site-icon' },
  { role: 'icon512', size: 512, format: 'png', isOpaque: false, scale: 1, base: 'site-icon' },
  { role: 'maskable512', size: 512, format: 'png', isOpaque: true, scale: 0.8, base: 'site-icon-maskable' },
  { role: 'artwork', size: artworkSize, format: 'jpeg', isOpaque: true, scale: 1, base: 'site-artwork' },
];

export interface SiteIconFile {
  /** Public path, e.g. /images/site-icon.3f9a1c2b7d4e.w192.png */
  path: string;
  type: 'image/png' | 'image/jpeg' | 'image/svg+xml';
  /** `192x192`, or `any` for a drawing. */
  sizes: string;
}

export type SiteIconFiles = Record<SiteIconRole, SiteIconFile>;

/** The file name of one recipe for an icon whose recipes share `key` (iconSetKey). */
export function siteIconFileName(recipe: SiteIconRecipe, key: string): string {
  return `${recipe.base}.${key}.w${recipe.size}.${recipe.format === 'jpeg' ? 'jpg' : 'png'}`;
}

/** Where the pictures made from an icon live; `key` names the icon's content and the recipes. */
export function ownerIconFiles(key: string): SiteIconFiles {
  const entries = siteIconRecipes.map((recipe) => [
    recipe.role,
    { path: `/images/${siteIconFileName(recipe, key)}`, type: recipe.format === 'jpeg' ? 'image/jpeg' : 'image/png', sizes: `${recipe.size}x${recipe.size}` },
  ]);
  return Object.fromEntries(entries) as SiteIconFiles;
}

/** Duet's own icon, shipped in public/ (public/static/podcast-artwork.jpg meets the podcast rule too). */
export const defaultIconFiles: SiteIconFiles = {
  favicon: { path: '/icon.svg', type: 'image/svg+xml', sizes: 'any' },
  apple: { path: '/static/apple-icon.png', type: 'image/png', sizes: '180x180' },
  icon192: { path: '/static/icon-192.png', type: 'image/png', sizes: '192x192' },
  icon512: { path: '/static/icon-512.png', type: 'image/png', sizes: '512x512' },
  maskable512: { path: '/static/icon-512-maskable.png', type: 'image/png', sizes: '512x512' },
  artwork: { path: '/static/podcast-artwork.jpg', type: 'image/jpeg', sizes: `${artworkSize}x${artworkSize}` },
};

/** What is wrong with an image as the site's icon, or null. */
export function findIconProblem(image: { kind: string; width: number | null; height: number | null }): string | null {
  if (image.kind !== 'image' || !image.width || !image.height) return 'Must be an image from the media library.';
  if (image.width !== image.height) return `Must be square; this image is ${image.width}×${image.height} pixels.`;
  if (image.width < minIconSize) return `Must be at least ${minIconSize}×${minIconSize} pixels; this image is ${image.width}×${image.height}.`;
  return null;
}
