#!/usr/bin/env node
// The Latin web fonts as the pages load them: each @fontsource-variable family's faces,
// with its `latin` face split in two. A *core* file holds only what nearly every page
// draws (ASCII, the no-break space, curly quotes, dashes, the ellipsis, ·, ×, «»), a third
// smaller than the whole `latin` file; the rest of that range (accented letters, other
// symbols) goes in a second file, which a browser fetches only for a page that uses one
// of them. A Chinese article's fonts fall from ~177 KB to ~135 KB (bench/lighthouse.mjs).
//
// Every file keeps only the weights the site sets (400-700 of each variable axis), a
// quarter smaller than the packages' 100-900.
//
// Writes src/generated/latin-fonts/: the WOFF2 files, each named by its content hash and
// served by /fonts/latin/<file> (src/app/fonts/latin), fonts.css naming them there, which
// src/app/[locale]/layout.tsx imports, and preload.json, the three core files, which every
// page asks for at low priority from its <head> (found before the CSS is parsed, yet never
// ahead of the page's own CSS and scripts). Run on install (postinstall) and before every
// build; skips the work when its output is newer than the packages it reads.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import subsetFont from 'subset-font';

const root = new URL('..', import.meta.url).pathname;
const families = ['inter', 'source-serif-4', 'jetbrains-mono'];
const out = join(root, 'src/generated/latin-fonts');
const stamp = join(out, 'fonts.css');

/** What every page may draw, as code points (kept only where the latin face covers them). */
const core = [
  ...range(0x20, 0x7e),
  0xa0, 0xa9, 0xab, 0xb7, 0xbb, 0xd7,
  0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026,
];

function range(first, last) {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

function parseRanges(value) {
  return value.split(',').map((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(first, 16), parseInt(last, 16)];
  });
}

function formatRanges(codePoints) {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j += 1;
    const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');
    parts.push(i === j ? `U+${hex(sorted[i])}` : `U+${hex(sorted[i])}-${hex(sorted[j])}`);
    i = j + 1;
  }
  return parts.join(',');
}

const packageCss = (family) => join(root, 'node_modules/@fontsource-variable', family, 'index.css');

function upToDate() {
  if (!existsSync(stamp)) return false;
  const made = statSync(stamp).mtimeMs;
  return [import.meta.filename, ...families.map(packageCss)].every((file) => statSync(file).mtimeMs < made);
}

/** Writes a font file under its content-hashed name; returns the address pages use. */
function writeFont(name, bytes) {
  const hashed = `${name.replace(/\.woff2$/, '')}.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.woff2`;
  writeFileSync(join(out, hashed), bytes);
  return `/fonts/latin/${hashed}`;
}

/** The weights the site's CSS sets (globals.css): every file keeps only this part of its axis. */
const weights = { min: 400, max: 700 };

/** One family's CSS, its `latin` face split into core and rest, and its core file's address. */
async function familyCss(family) {
  const css = readFileSync(packageCss(family), 'utf8');
  const faces = [];
  let coreUrl = null;
  for (const [block] of css.matchAll(/@font-face\s*\{[^}]*\}/g)) {
    const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(block)?.[1];
    if (!file) continue;
    const bytes = readFileSync(join(root, 'node_modules/@fontsource-variable', family, 'files', file));
    const covered = parseRanges(/unicode-range:\s*([^;]+);/.exec(block)[1]).flatMap(([a, b]) => range(a, Math.min(b, 0xffff)));
    const cut = (codePoints) =>
      subsetFont(bytes, String.fromCodePoint(...codePoints), { targetFormat: 'woff2', variationAxes: { wght: { ...weights, default: 400 } } });
    const face = (url, codePoints) =>
      block
        .replace(`./files/${file}`, url)
        .replace(/font-weight:[^;]+;/, `font-weight: ${weights.min} ${weights.max};`)
        .replace(/unicode-range:[^;]+;/, `unicode-range: ${formatRanges(codePoints)};`);
    if (!/-latin-wght-normal\.woff2$/.test(file)) {
      faces.push(face(writeFont(file, await cut(covered)), covered));
      continue;
    }
    const coreHere = core.filter((c) => covered.includes(c));
    const rest = covered.filter((c) => !coreHere.includes(c));
    coreUrl = writeFont(file.replace('-latin-', '-latin-core-'), await cut(coreHere));
    faces.push(face(writeFont(file, await cut(rest)), rest));
    faces.push(face(coreUrl, coreHere));
  }
  return { css: `/* ${family}, from @fontsource-variable/${family} */\n${faces.join('\n')}\n`, coreUrl };
}

if (upToDate()) process.exit(0);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const parts = [];
for (const family of families) parts.push(await familyCss(family));
writeFileSync(join(out, 'preload.json'), `${JSON.stringify(parts.map((part) => part.coreUrl), null, 2)}\n`);
// Written last: its presence says the folder is whole.
writeFileSync(stamp, `/* Generated by scripts/latin-fonts.mjs; do not edit. */\n${parts.map((part) => part.css).join('\n')}`);
console.log(`latin-fonts: wrote ${out}`);
