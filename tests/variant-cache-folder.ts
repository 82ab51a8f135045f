// Where the test suites keep encoded image copies between databases (src/server/media/
// test-variant-cache.ts): one folder per machine, shared by vitest, the browser suite's
// server and the cluster's instances, so the demo's images are encoded once.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const testVariantCache = process.env.DUET_TEST_VARIANT_CACHE || join(tmpdir(), 'duet-test-variant-cache');
