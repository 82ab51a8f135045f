// Browser suite: Debian's Chromium against the production build served by `npm start`.
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/browser';
import { codeProtectionFlag } from './src/server/deployment/code-protection';
import { testPorts } from './tests/ports';
import { testVariantCache } from './tests/variant-cache-folder';

const port = testPorts.site;
export const baseURL = `http://localhost:${port}`;

const desktop = { viewport: { width: 1280, height: 900 } };
const mobile = { ...devices['Pixel 5'], browserName: 'chromium' as const, viewport: { width: 375, height: 740 } };
/** Specs that change what every page shows. */
const siteWide = /site-identity\.spec\.ts$/;
/**
 * Tests tagged `@requests` send requests and read answers (API, headers, feeds, redirects,
 * malformed paths, errors' status) without rendering a page: a window size changes nothing
 * for them, so they run once, in the `requests` project, not at both widths.
 */
const requestOnly = /@requests/;
/**
 * The rule for the phone's width: every page test runs at desktop width, and only a test
 * tagged `@both-widths` runs at 375 px as well, one whose assertion can change with the
 * window: layout and overflow, the header's navigation, where lines break, the Studio's
 * one-column editor, its toolbar and rows at a phone's width, touch, axe. A workflow, an
 * import, a search's results or a review is the same at every width: desktop proves it.
 */
const bothWidths = /@both-widths/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two at a time. CI's step report counts 0.6 cores busy for this suite (738 s wall,
  // 415 s CPU), yet three workers were slower in a full CI run (about 21 tests a minute
  // against 27) and two tests needed their retry: the busy figure misses work the
  // machine does for the browsers. DUET_E2E_WORKERS overrides it for trials.
  workers: Number(process.env.DUET_E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // The slowest spec files are named after the summary, so the tail of a CI log says where
  // the browser suite's minutes went.
  reportSlowTests: { max: 15, threshold: 30_000 },
  timeout: 30_000,
  // What a page shows after the server's work (a publish: render, search, memory, feeds) is
  // waited for up to 10 s, not Playwright's 5: on a CI machine running at half its usual
  // speed (2026-11-28: the same commit's CPU time 2.3 times the day before's) a publish's
  // "Published. Last updated" came after 5 s, and the workflow test passed only on its retry.
  // A passing assertion waits no longer for it.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
    trace: 'off',
  },
  projects: [
    { name: 'desktop', testIgnore: siteWide, grepInvert: requestOnly, use: desktop },
    { name: 'mobile', testIgnore: siteWide, grep: bothWidths, use: mobile },
    { name: 'requests', testIgnore: siteWide, grep: requestOnly, use: desktop },
    // site-identity.spec.ts renames the site and changes its colours, which every page,
    // feed and manifest shows: it runs once, after everything else, and reads the pages
    // at both widths itself.
    { name: 'site-wide', testMatch: siteWide, dependencies: ['desktop', 'mobile', 'requests'], use: desktop },
  ],
  webServer: {
    command: `node ${codeProtectionFlag} scripts/start.mjs`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    env: {
      PORT: String(port),
      DUET_DIAGNOSTICS: '1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e',
      LOG_LEVEL: 'warn',
      // The suite plays many people at once from this machine: as behind a proxy on the
      // same host, each browser context's X-Forwarded-For is its address for the sign-in
      // throttle (tests/unit/client-address.test.ts checks the default, trusting no one).
      TRUST_PROXY: 'loopback',
      // Texts are formatted within the product's own budget (render-pool.ts, renderBudgetMs:
      // 1.5 s and 20 ms a kilobyte). hardening.spec.ts's slow text outlives it by about 2.5
      // times and its `**_` text fits with as much room, so neither depends on the machine's
      // speed of the day (with 12 ms a kilobyte and a dense table, both sat within 1.2-2
      // times of the budget, and the `**_` save was refused once on a slow day).
      // editor-writing.spec.ts serves images from another "site" on 127.0.0.1 for the
      // Studio to copy into its library; this machine stays refused by default.
      DUET_TEST_FETCH_ADDRESSES: '127.0.0.1',
      // The scheduler wakes at a scheduled text's exact time; its regular look for due
      // texts (15 s on a site) comes every second here, so a missed wake costs a test 1 s.
      DUET_SCHEDULER_INTERVAL_MS: '1000',
      // The Traditional-script pages read the site's phrasing at most every 30 s; here every second.
      DUET_SCRIPT_SETTINGS_MS: '1000',
      // The demo's images are encoded once per machine (vitest's run has usually done it).
      DUET_TEST_VARIANT_CACHE: testVariantCache,
      // The suite creates and signs in many accounts: scrypt at N=2^14, not 2^17, for new
      // hashes (server/auth/password-hash.ts, hashCost); what it checks is the same.
      DUET_TEST_SCRYPT_LOG_N: '14',
    },
  },
});
