#!/usr/bin/env node
// Bundles the command line (src/cli/duet.ts) into one JavaScript file beside the Next
// build, <distDir>/duet-cli.mjs, which the Studio's site jobs (import, export, backup) run
// in their child process (server/site-jobs/run-site-job.ts). Loaded through tsx instead,
// every job's start compiled the command's TypeScript first: 2.4 s of CPU against 0.6 s
// for `duet export` of an empty site. Run by `npm start` after `next build`; Vitest's
// global setup (tests/global-setup.ts) bundles a copy of its own for its run.
// Native packages stay outside (node_modules beside the build resolves them).
import { build } from 'esbuild';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBundleOptions, root } from './node-bundle.mjs';

/** jieba's dictionary is a subpath its package names without an extension: ESM wants one. */
const jiebaOutside = {
  name: 'jieba-outside',
  setup(build) {
    build.onResolve({ filter: /^@node-rs\/jieba(\/dict)?$/ }, (args) => ({
      path: args.path === '@node-rs/jieba/dict' ? '@node-rs/jieba/dict.js' : args.path,
      external: true,
    }));
  },
};

/** Writes the bundled command line to `outfile` (through a temporary name: a job starting meanwhile never runs half a file). */
export async function bundleCli(outfile) {
  const temporary = `${outfile}.${process.pid}.tmp`;
  await build(
    nodeBundleOptions('src/cli/duet.ts', temporary, {
      // Native addons, and subset-font's WebAssembly read from its own folder at run time.
      external: ['better-sqlite3', 'sharp', 'pg-native', 'subset-font'],
      plugins: [jiebaOutside],
    }),
  );
  renameSync(temporary, outfile);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outfile = join(root, process.env.NEXT_DIST_DIR || '.next', 'duet-cli.mjs');
  await bundleCli(outfile);
  console.log(`build-cli: ${outfile}`);
}
