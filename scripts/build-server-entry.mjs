#!/usr/bin/env node
// Bundles the server entry (src/server-entry/index.ts) into one JavaScript file beside the
// Next build, <distDir>/duet-server.mjs, which `npm start` runs, and the command line
// (src/cli/duet.ts) into <distDir>/duet-cli.mjs, which the Studio's site jobs (export,
// backup, import) run in a child process: started in about half the CPU time of its
// TypeScript through tsx (1.3–1.5 s against 2.8–2.9 s for `duet stats`). Packages stay
// outside (Next, pino… load from node_modules); Duet's own modules are bundled, reading the
// tsconfig paths. Each is written to a temporary name and renamed, so an instance that
// starts meanwhile never runs half a file. Takes about a second.
import { build } from 'esbuild';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBundleOptions, root } from './node-bundle.mjs';

const distDir = join(root, process.env.NEXT_DIST_DIR || '.next');
export const serverEntryFile = join(distDir, 'duet-server.mjs');
export const cliFile = join(distDir, 'duet-cli.mjs');

/** Bundles `entry` into `outfile` through a temporary name, renamed when whole. */
async function bundle(entry, outfile) {
  const temporary = `${outfile}.${process.pid}.tmp`;
  await build(nodeBundleOptions(entry, temporary, { packages: 'external' }));
  renameSync(temporary, outfile);
}

/** Bundles the command line into `outfile` (also Vitest's global setup, for its run). */
export function bundleCli(outfile) {
  return bundle('src/cli/duet.ts', outfile);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await Promise.all([bundle('src/server-entry/index.ts', serverEntryFile), bundleCli(cliFile)]);
  console.log(`build-server-entry: ${serverEntryFile} and ${cliFile}`);
}
