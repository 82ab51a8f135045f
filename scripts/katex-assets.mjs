#!/usr/bin/env node
// KaTeX's stylesheet and fonts as Duet serves them, from the katex package itself (no
// CDN): the CSS with its font sources cut to WOFF2 (every browser Duet supports reads it)
// and pointed at /fonts/katex/<file>, each file named by its content hash so it can be
// cached for a year. Only pages whose text holds math link the CSS (components/site/
// math-stylesheet.tsx); the browser then fetches just the faces that page draws.
//
// Writes src/generated/katex/: the CSS, the WOFF2 files and manifest.json ({ css }).
// Run on install (postinstall) and before every build; skips the work when its output is
// newer than the package.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'node_modules', 'katex', 'dist');
const out = join(root, 'src', 'generated', 'katex');
const manifestPath = join(out, 'manifest.json');

const hash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 10);

if (existsSync(manifestPath) && statSync(manifestPath).mtimeMs > statSync(join(root, 'node_modules', 'katex', 'package.json')).mtimeMs) {
  console.log('katex-assets: up to date');
  process.exit(0);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const names = new Map();
for (const file of readdirSync(join(dist, 'fonts'))) {
  if (!file.endsWith('.woff2')) continue;
  const bytes = readFileSync(join(dist, 'fonts', file));
  const name = `${file.replace(/\.woff2$/, '')}.${hash(bytes)}.woff2`;
  writeFileSync(join(out, name), bytes);
  names.set(file, name);
}

let css = readFileSync(join(dist, 'katex.min.css'), 'utf8');
css = css.replace(/src:([^;}]+)/g, (_whole, sources) => {
  const woff2 = /url\(fonts\/([^)]+\.woff2)\)\s*format\(["']?woff2["']?\)/.exec(sources);
  if (!woff2 || !names.has(woff2[1])) throw new Error(`katex-assets: no WOFF2 source in ${sources}`);
  return `src:url(/fonts/katex/${names.get(woff2[1])}) format("woff2")`;
});
if (/url\(fonts\//.test(css)) throw new Error('katex-assets: a font URL was left unrewritten');
const cssName = `katex.${hash(css)}.css`;
writeFileSync(join(out, cssName), css);
writeFileSync(manifestPath, `${JSON.stringify({ css: `/fonts/katex/${cssName}` })}\n`);
console.log(`katex-assets: wrote ${out} (${names.size} fonts)`);
