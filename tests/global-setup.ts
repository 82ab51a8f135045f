// Vitest's global setup: bundles the render worker and the command line once for the run,
// as the production build does (scripts/build-render-worker.mjs, build-server-entry.mjs),
// and points every test process at them (DUET_RENDER_WORKER_FILE, read by
// server/render/render-worker-file.ts; DUET_CLI_FILE, the command line the Studio's site jobs
// start, server/site-jobs/run-site-job.ts). Without them each worker thread and each job
// would load the TypeScript sources through tsx: several times slower to start, paid by
// every test file that renders, again after each render that runs out of time, and by
// every job.
// It gives the run a DATA_DIR of its own, so that no test writes the checkout's `data/` (a
// developer's site, and a folder the production build, running beside vitest, must not see change).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain JavaScript build script, without types.
import { bundleRenderWorker } from '../scripts/build-render-worker.mjs';
// @ts-expect-error: a plain JavaScript build script, without types.
import { bundleCli } from '../scripts/build-server-entry.mjs';

export default async function setup(): Promise<() => void> {
  // Inside node_modules, so the bundle's one external import (subset-font) resolves.
  const folder = join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules', '.cache', 'duet-test');
  const worker = join(folder, `render-worker-${process.pid}.mjs`);
  const cli = join(folder, `duet-cli-${process.pid}.mjs`);
  await Promise.all([(bundleRenderWorker as (outfile: string) => Promise<void>)(worker), (bundleCli as (outfile: string) => Promise<void>)(cli)]);
  process.env.DUET_RENDER_WORKER_FILE = worker;
  process.env.DUET_CLI_FILE = cli;
  const dataDir = mkdtempSync(join(tmpdir(), 'duet-vitest-data-'));
  process.env.DATA_DIR = dataDir;
  return () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(worker, { force: true });
    rmSync(cli, { force: true });
  };
}
