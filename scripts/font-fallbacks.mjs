#!/usr/bin/env node
// Measures the size-adjust and ascent/descent overrides that make a local font take the
// same room as each web font (src/app/globals.css, the "… Fallback" faces): Chromium draws
// a sample in both at 100 px, the width ratio is size-adjust, and the web font's ascent and
// descent divided by it are the overrides. Liberation Sans/Serif/Mono have the metrics of
// Arial, Times New Roman and Courier New, so the numbers hold for those too.
//   node scripts/font-fallbacks.mjs
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const file = (pkg, name) => `file://${root}node_modules/@fontsource-variable/${pkg}/files/${name}`;
const pairs = [
  ['Inter Variable', file('inter', 'inter-latin-wght-normal.woff2'), 'Liberation Sans'],
  ['Source Serif 4 Variable', file('source-serif-4', 'source-serif-4-latin-wght-normal.woff2'), 'Liberation Serif'],
  ['JetBrains Mono Variable', file('jetbrains-mono', 'jetbrains-mono-latin-wght-normal.woff2'), 'Liberation Mono'],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--allow-file-access-from-files'] });
try {
  const page = await browser.newPage();
  await page.goto(`file://${root}`);
  const measured = await page.evaluate(async (faces) => {
    const sample = 'The quick brown fox jumps over the lazy dog. Duet keeps Chinese and English versions of every article linked, in sync and fast to read; writers translate side by side, 0123456789.';
    const context = document.createElement('canvas').getContext('2d');
    const measure = (family) => {
      context.font = `100px "${family}"`;
      const m = context.measureText(sample);
      return { width: m.width, ascent: m.fontBoundingBoxAscent / 100, descent: m.fontBoundingBoxDescent / 100 };
    };
    const results = [];
    for (const [family, url, local] of faces) {
      document.fonts.add(await new FontFace(family, `url(${url})`, { weight: '100 900' }).load());
      results.push({ family, local, web: measure(family), fallback: measure(local) });
    }
    return results;
  }, pairs);
  const percent = (value) => `${(value * 100).toFixed(2)}%`;
  for (const { family, local, web, fallback } of measured) {
    const sizeAdjust = web.width / fallback.width;
    console.log(`${family} over ${local}: size-adjust ${percent(sizeAdjust)}; ascent-override ${percent(web.ascent / sizeAdjust)}; descent-override ${percent(web.descent / sizeAdjust)}; line-gap-override 0%`);
  }
} finally {
  await browser.close();
}
