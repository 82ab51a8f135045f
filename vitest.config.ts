import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testVariantCache } from './tests/variant-cache-folder';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    // Demo images are encoded once per machine, not once per seeded database; passwords are
    // hashed at scrypt N=2^14, not a site's 2^17 (server/auth/password-hash.ts, hashCost).
    env: { NODE_ENV: 'test', DUET_TEST_VARIANT_CACHE: testVariantCache, DUET_TEST_SCRYPT_LOG_N: '14' },
    // Not a speed check (bench/ measures speed): password hashing (scrypt) and
    // migrations on a loaded 2-core CI machine can take longer than vitest's 5 s default.
    // A file's setup may seed the whole demo magazine on both databases: 10 s alone, and
    // past 60 s in a CI run where three heavy files shared the two cores with the Node 22
    // smoke (search-repository.test.ts, 105 s for the file against 14 s alone).
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // Three files at a time on two cores: a file spends much of its time starting its fork
    // and waiting on PostgreSQL, Redis, Swift or a child process. CI's step report measured
    // 1.1 cores busy with two (407 s wall, 442 s CPU, not counting PostgreSQL's own work,
    // which runs as a service of the machine).
    maxWorkers: Number(process.env.DUET_VITEST_WORKERS ?? 3),
  },
});
