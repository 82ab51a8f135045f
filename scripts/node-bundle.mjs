// The esbuild options Duet's Node bundles share (scripts/build-render-worker.mjs,
// build-server-entry.mjs): one ESM file for Node 22 and later, Duet's own modules bundled
// through the tsconfig paths.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** esbuild's options for bundling `entry` (a path from the project's root) into `outfile`, `extra` added. */
export function nodeBundleOptions(entry, outfile, extra = {}) {
  return {
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    tsconfig: join(root, 'tsconfig.json'),
    // Some bundled modules are CommonJS and call require(); give the ESM bundle one.
    banner: { js: "import { createRequire as __duetCreateRequire } from 'node:module'; const require = __duetCreateRequire(import.meta.url);" },
    legalComments: 'none',
    logLevel: 'warning',
    ...extra,
  };
}
