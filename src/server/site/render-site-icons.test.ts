// Each picture made from the site's icon has the size its recipe says, and the ones that
// may not be transparent (Apple's home-screen icon, the maskable icon, the podcast
// artwork) have no alpha channel at all, checked by reading them back with sharp. Duet's
// own artwork, used when no icon is chosen, meets the podcast rule too.
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artworkSize, iconBackground, siteIconRecipes } from '@/core/site/site-icons';
import { drawSiteIcon, iconSetKey } from './render-site-icons';

/** A 600 px square icon: a red disc on transparency, so flattening shows. */
const icon = () =>
  sharp({ create: { width: 600, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from('<svg width="600" height="600"><circle cx="300" cy="300" r="280" fill="#c0392b"/></svg>') }])
    .png()
    .toBuffer();

describe('drawSiteIcon', () => {
  it.each(siteIconRecipes.map((recipe) => [recipe.role, recipe] as const))('draws the %s at its size, opaque where it must be', async (_role, recipe) => {
    const drawn = await drawSiteIcon(await icon(), recipe);
    const meta = await sharp(drawn).metadata();
    expect([meta.width, meta.height]).toEqual([recipe.size, recipe.size]);
    expect(meta.format).toBe(recipe.format);
    expect(meta.space).toBe('srgb');
    if (recipe.isOpaque) {
      expect(meta.hasAlpha).toBe(false);
      expect(meta.channels).toBe(3);
      // The transparent corner became the paper colour.
      const { data } = await sharp(drawn).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      expect(`#${[...data].map((c) => c.toString(16).padStart(2, '0')).join('')}`).toBe(iconBackground);
    } else {
      expect(meta.hasAlpha).toBe(true);
    }
  });

  it('makes the podcast artwork 3000 × 3000 RGB JPEG, within Apple’s 1400–3000', async () => {
    const recipe = siteIconRecipes.find((r) => r.role === 'artwork')!;
    const meta = await sharp(await drawSiteIcon(await icon(), recipe)).metadata();
    expect(meta).toMatchObject({ width: artworkSize, height: artworkSize, format: 'jpeg', channels: 3, hasAlpha: false, space: 'srgb' });
    expect(artworkSize).toBeGreaterThanOrEqual(1400);
    expect(artworkSize).toBeLessThanOrEqual(3000);
  });

  it('leaves the maskable icon’s safe zone margin in the paper colour', async () => {
    const recipe = siteIconRecipes.find((r) => r.role === 'maskable512')!;
    const { data, info } = await sharp(await drawSiteIcon(await icon(), recipe)).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(at(256, 20)).toEqual([0xfb, 0xf8, 0xf3]);
    expect(at(256, 256)).toEqual([0xc0, 0x39, 0x2b]);
  });
});

describe('iconSetKey', () => {
  it('names the pictures by the icon’s content: the same icon, the same files', () => {
    expect(iconSetKey('a'.repeat(64))).toMatch(/^[0-9a-f]{12}$/);
    expect(iconSetKey('a'.repeat(64))).toBe(iconSetKey('a'.repeat(64)));
    expect(iconSetKey('a'.repeat(64))).not.toBe(iconSetKey('b'.repeat(64)));
  });
});

describe('Duet’s own pictures', () => {
  it('the default podcast artwork is 3000 × 3000, RGB, without transparency', async () => {
    const meta = await sharp(join(process.cwd(), 'public/static/podcast-artwork.jpg')).metadata();
    expect(meta).toMatchObject({ width: 3000, height: 3000, format: 'jpeg', channels: 3, hasAlpha: false, space: 'srgb' });
  });
});
