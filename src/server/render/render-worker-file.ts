// Which file the render pool's worker processes run, and with which Node options.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const workerBundle = 'duet-render-worker.mjs';

/**
 * The worker bundled by scripts/build-render-worker.mjs beside the Next build, for the
 * production server; Vitest's copy (DUET_RENDER_WORKER_FILE, bundled by its global setup);
 * for a bundle of Duet's own beside the build (the command line the Studio's site jobs run,
 * `<distDir>/duet-cli.mjs`), the worker bundle beside it; otherwise (the command line
 * through tsx, `next dev`) the TypeScript source through tsx.
 */
export function renderWorkerFile(): [file: string, execArgv: string[]] {
  const testBundle = process.env.DUET_RENDER_WORKER_FILE;
  if (testBundle) return [testBundle, []];
  const built = join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', workerBundle);
  if (process.env.NEXT_RUNTIME && process.env.NODE_ENV === 'production' && existsSync(built)) return [built, []];
  const here = dirname(fileURLToPath(import.meta.url));
  const source = join(here, 'render-worker.ts');
  if (!existsSync(source) && existsSync(join(here, workerBundle))) return [join(here, workerBundle), []];
  return [source, ['--import', 'tsx']];
}
