// The several-instances proof (#15): two production instances of one build behind a small
// balancer, sharing PostgreSQL and Redis (tests/cluster/global-setup.ts brings them up).
// Serial: the tests stop and start the shared servers.
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/browser';
import { siteUrl } from './tests/cluster/harness';

export default defineConfig({
  testDir: 'tests/cluster',
  globalSetup: './tests/cluster/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 120_000,
  use: {
    baseURL: siteUrl,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
    trace: 'off',
  },
});
