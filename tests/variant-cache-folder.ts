// Where the test suites keep encoded image copies between databases (src/server/media/
// test-variant-cache.ts), shared by vitest, the browser suite's server and the cluster's
// instances, so the demo's images are encoded once. `npm test` makes a fresh folder per run
// (DUET_TEST_VARIANT_CACHE); a suite run on its own uses one folder per machine: delete it
// after changing how image copies are made.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const testVariantCache = process.env.DUET_TEST_VARIANT_CACHE || join(tmpdir(), 'duet-test-variant-cache');
