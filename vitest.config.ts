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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at a time even on two cores (vitest's default there is one): a file spends
    // much of its time starting its fork and waiting on PostgreSQL, Redis, Swift or a child
    // process. Measured on the shared 2-core machine at load 9-11: 480 s with one, 415 s with two.
    maxWorkers: 2,
  },
});
