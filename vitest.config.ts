import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testVariantCache } from './tests/variant-cache-folder';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@': join(root, 'src') };
/** What every project shares (each project lists it itself: `extends: true` would run the global setup once more for each). */
const shared = {
  environment: 'node',
  // Demo images are encoded once per machine, not once per seeded database; passwords are
  // hashed at scrypt N=2^14, not a site's 2^17 (server/auth/password-hash.ts, hashCost).
  env: { NODE_ENV: 'test', DUET_TEST_VARIANT_CACHE: testVariantCache, DUET_TEST_SCRYPT_LOG_N: '14' },
  // Not a speed check (bench/ measures speed): password hashing (scrypt) and
  // migrations on a loaded 2-core CI machine can take longer than vitest's 5 s default.
  // A hook may seed the demo magazine, and the run's first seed encodes every demo image's
  // copies for the others (search-repository.test.ts alone: 58 s with an empty
  // DUET_TEST_VARIANT_CACHE, 14 s with it filled; over 60 s in CI beside other files).
  testTimeout: 30_000,
  hookTimeout: 180_000,
} as const;

const unitFiles = ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'];
const integrationFiles = ['tests/integration/**/*.test.ts'];

/**
 * Test files under `folder` that need modules of their own: they mock a module (vi.mock,
 * which would reach the files after them in a shared worker) or write the environment
 * themselves (restored or not, their reads may be cached by a module the next file gets).
 * vi.stubEnv is undone by vi.unstubAllEnvs and does not count.
 */
function filesWithOwnModules(folder: string): string[] {
  const writes = /\bvi\.mock\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/;
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join(folder, file))
    .filter((file) => writes.test(readFileSync(join(root, file), 'utf8')));
}
const ownModules = ['src', 'tests/unit'].flatMap(filesWithOwnModules);
const integrationOwnModules = filesWithOwnModules('tests/integration');

export default defineConfig({
  resolve: { alias },
  test: {
    ...shared,
    globalSetup: ['tests/global-setup.ts'],
    // Three files at a time on two cores: a file spends much of its time starting its fork
    // and waiting on PostgreSQL, Redis, Swift or a child process. CI's step report measured
    // 1.1 cores busy with two (407 s wall, 442 s CPU, not counting PostgreSQL's own work,
    // which runs as a service of the machine).
    maxWorkers: Number(process.env.DUET_VITEST_WORKERS ?? 3),
    projects: [
      // Unit files share their worker's modules (isolate: false): each no longer loads
      // unified, shiki, zod and the rest afresh, which was about a third of their CPU time
      // (160 s against 106 s for the 166 files, measured with and without --no-isolate).
      // A unit file that mocks a module or sets the environment for good runs apart.
      { resolve: { alias }, test: { ...shared, name: 'unit', include: unitFiles, exclude: ownModules, isolate: false } },
      { resolve: { alias }, test: { ...shared, name: 'unit (own modules)', include: ownModules } },
      // The same for integration files: the 51 that mocked nothing took 121 s of CPU instead
      // of 186 s (90 s wall instead of 122 s); the whole run, 210 s wall and 329 s of CPU
      // instead of 229 s and 369 s (same machine, one after the other). Passes with the
      // files shuffled (seeds 1, 2, 3).
      { resolve: { alias }, test: { ...shared, name: 'integration', include: integrationFiles, exclude: integrationOwnModules, isolate: false } },
      { resolve: { alias }, test: { ...shared, name: 'integration (own modules)', include: integrationOwnModules } },
    ],
  },
});
