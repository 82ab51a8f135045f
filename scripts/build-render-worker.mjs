#!/usr/bin/env node
// Bundles the Markdown render worker (src/server/render/render-worker.ts) into one
// JavaScript file beside the Next build, <distDir>/duet-render-worker.mjs, which the
// production server's worker threads run. Next bundles the server but not worker entry
// files (Turbopack 16.4 copies them as raw assets), so this does it with esbuild, reading
// the same tsconfig paths. Run by `npm start` and `npm test` right after `next build`;
// Vitest's global setup (tests/global-setup.ts) bundles a copy of its own for its run.
import { build } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBundleOptions, root } from './node-bundle.mjs';

/** Writes the bundled worker to `outfile`. */
export async function bundleRenderWorker(outfile) {
  // subset-font loads its WebAssembly from its own package folder at run time: imported, not bundled.
  await build(nodeBundleOptions('src/server/render/render-worker.ts', outfile, { external: ['subset-font'] }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outfile = join(root, process.env.NEXT_DIST_DIR || '.next', 'duet-render-worker.mjs');
  await bundleRenderWorker(outfile);
  console.log(`build-render-worker: ${outfile}`);
}
