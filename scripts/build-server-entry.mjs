#!/usr/bin/env node
// Bundles the server entry (src/server-entry/index.ts) into one JavaScript file beside the
// Next build, <distDir>/duet-server.mjs, which `npm start` runs. Packages stay outside
// (Next, pino… load from node_modules); Duet's own modules are bundled, reading the
// tsconfig paths. Written to a temporary name and renamed, so an instance that starts
// meanwhile never runs half a file. Takes about a second.
import { build } from 'esbuild';
import { renameSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const distDir = join(root, process.env.NEXT_DIST_DIR || '.next');
export const serverEntryFile = join(distDir, 'duet-server.mjs');

const temporary = `${serverEntryFile}.${process.pid}.tmp`;
await build({
  entryPoints: [join(root, 'src/server-entry/index.ts')],
  outfile: temporary,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  tsconfig: join(root, 'tsconfig.json'),
  // Some bundled modules are CommonJS-minded and call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __duetCreateRequire } from 'node:module'; const require = __duetCreateRequire(import.meta.url);" },
  legalComments: 'none',
  logLevel: 'warning',
});
renameSync(temporary, serverEntryFile);
console.log(`build-server-entry: ${serverEntryFile}`);
