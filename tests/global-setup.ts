// Vitest's global setup: bundles the render worker and the command line once for the run,
// as the production build does (scripts/build-render-worker.mjs, scripts/build-cli.mjs),
// and points every test process at them (DUET_RENDER_WORKER_FILE, read by
// server/render/render-pool.ts; DUET_CLI_FILE, by server/site-jobs/run-site-job.ts).
// Without them each worker thread and each site job's process would load the TypeScript
// sources through tsx: several times slower to start, paid by every test file that renders,
// after each render that runs out of time, and by every import the Studio's jobs run.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain JavaScript build script, without types.
import { bundleCli } from '../scripts/build-cli.mjs';
// @ts-expect-error: a plain JavaScript build script, without types.
import { bundleRenderWorker } from '../scripts/build-render-worker.mjs';

export default async function setup(): Promise<() => void> {
  // Inside node_modules, so the bundles' external imports (native addons, subset-font) resolve.
  const folder = join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules', '.cache', 'duet-test');
  const worker = join(folder, `render-worker-${process.pid}.mjs`);
  const cli = join(folder, `cli-${process.pid}.mjs`);
  mkdirSync(folder, { recursive: true });
  await Promise.all([(bundleRenderWorker as (outfile: string) => Promise<void>)(worker), (bundleCli as (outfile: string) => Promise<void>)(cli)]);
  process.env.DUET_RENDER_WORKER_FILE = worker;
  process.env.DUET_CLI_FILE = cli;
  return () => {
    rmSync(worker, { force: true });
    rmSync(cli, { force: true });
  };
}
