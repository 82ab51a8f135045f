// Vitest's global setup: bundles the render worker once for the run, as the production
// build does (scripts/build-render-worker.mjs), and points every test process at it
// (DUET_RENDER_WORKER_FILE, read by server/render/render-pool.ts). Without it each worker
// thread would load the TypeScript sources through tsx: several times slower to start,
// paid by every test file that renders and again after each render that runs out of time.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain JavaScript build script, without types.
import { bundleRenderWorker } from '../scripts/build-render-worker.mjs';

export default async function setup(): Promise<() => void> {
  // Inside node_modules, so the bundle's one external import (subset-font) resolves.
  const file = join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules', '.cache', 'duet-test', `render-worker-${process.pid}.mjs`);
  await (bundleRenderWorker as (outfile: string) => Promise<void>)(file);
  process.env.DUET_RENDER_WORKER_FILE = file;
  return () => rmSync(file, { force: true });
}
