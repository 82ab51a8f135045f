#!/usr/bin/env node
// Bundles the server entry (src/server-entry/index.ts) into one JavaScript file beside the
// Next build, <distDir>/duet-server.mjs, which `npm start` runs. Packages stay outside
// (Next, pino… load from node_modules); Duet's own modules are bundled, reading the
// tsconfig paths. Written to a temporary name and renamed, so an instance that starts
// meanwhile never runs half a file. Takes about a second.
import { build } from 'esbuild';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { nodeBundleOptions, root } from './node-bundle.mjs';

const distDir = join(root, process.env.NEXT_DIST_DIR || '.next');
export const serverEntryFile = join(distDir, 'duet-server.mjs');

const temporary = `${serverEntryFile}.${process.pid}.tmp`;
await build(nodeBundleOptions('src/server-entry/index.ts', temporary, { packages: 'external' }));
renameSync(temporary, serverEntryFile);
console.log(`build-server-entry: ${serverEntryFile}`);
