#!/usr/bin/env node
// Lighthouse 13 over the pages readers land on, in both languages, on Debian's Chromium:
// the home page, an article with a cover, an article with code, the parallel view and a
// search, each with the mobile preset (a throttled phone) and the desktop one. Prints one
// table: the four category scores, LCP, CLS, total bytes and font bytes (and requests).
//   node bench/lighthouse.mjs [--url http://localhost:3000 | --dist .next] [--preset mobile|desktop|both] [--runs 3] [--json out.json]
// Without --url it serves the production build in --dist (default .next, as `npm start`
// builds it; copy one aside to compare before and after) with a fresh demo site on port
// 3500. Scores move with the machine's load: compare runs of one session. --runs N runs
// each page N times and reports the run with the median performance score (a run whose
// trace had no LCP, which Lighthouse scores 0, counts as the lowest).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { serve, stop } from './lib.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
};
const runs = Math.max(1, Number(arg('--runs', 1)));
const presets = { both: ['mobile', 'desktop'], mobile: ['mobile'], desktop: ['desktop'] }[arg('--preset', 'both')];

const pages = [
  ['home', '/zh', '/en'],
  ['article + cover', '/zh/posts/yi-bei-cha-de-shijian', '/en/posts/the-time-it-takes-to-drink-tea'],
  ['article + code', '/zh/posts/zai-ziji-de-fuwuqi-shang-bushu-nextjs', '/en/posts/deploying-nextjs-on-your-own-server'],
  ['parallel view', '/zh/posts/yi-bei-cha-de-shijian/parallel', '/en/posts/the-time-it-takes-to-drink-tea/parallel'],
  ['search', '/zh/search?q=%E8%8C%B6', '/en/search?q=tea'],
];

async function startServer(distDir) {
  const dataDir = mkdtempSync(join(tmpdir(), 'duet-lighthouse-'));
  const child = await serve(distDir, 3500, { DATA_DIR: dataDir });
  // The demo is loaded at start; wait until the home page shows it.
  for (let i = 0; i < 300 && !(await fetch('http://127.0.0.1:3500/en').then((r) => r.ok, () => false)); i++) await sleep(200);
  return {
    url: 'http://127.0.0.1:3500',
    async stop() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function summarize(lhr) {
  const audits = lhr.audits;
  const items = audits['network-requests']?.details?.items ?? [];
  const fonts = items.filter((i) => i.resourceType === 'Font');
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audits['largest-contentful-paint'].numericValue ?? NaN),
    tbtMs: Math.round(audits['total-blocking-time'].numericValue ?? NaN),
    cls: Number((audits['cumulative-layout-shift'].numericValue ?? NaN).toFixed(3)),
    totalKb: Math.round(audits['total-byte-weight'].numericValue / 1024),
    fontKb: Math.round(fonts.reduce((sum, f) => sum + (f.transferSize ?? 0), 0) / 1024),
    fontFiles: fonts.length,
  };
}

const server = arg('--url', null) ? { url: arg('--url'), async stop() {} } : await startServer(arg('--dist', '.next'));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const rows = [];
try {
  // One visit first: pages render on their first request and are cached after.
  for (const [, ...paths] of pages) for (const path of paths) await fetch(server.url + path);
  for (const preset of presets) {
    for (const [name, ...paths] of pages) {
      for (const path of paths) {
        const config = preset === 'desktop' ? desktopConfig : undefined;
        const tries = [];
        for (let run = 0; run < runs; run++) {
          const result = await lighthouse(server.url + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] }, config);
          tries.push(summarize(result.lhr));
          const r = tries.at(-1);
          console.error(`${preset} ${path} (run ${run + 1}/${runs}): perf ${r.performance}, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, CLS ${r.cls}, ${r.totalKb} KB (fonts ${r.fontKb} KB in ${r.fontFiles})`);
        }
        tries.sort((a, b) => a.performance - b.performance);
        rows.push({ preset, page: name, lang: path.slice(1, 3), runs, ...tries[Math.floor((tries.length - 1) / 2)] });
      }
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const header = ['preset', 'page', 'lang', 'perf', 'a11y', 'bp', 'seo', 'LCP ms', 'TBT ms', 'CLS', 'KB', 'font KB', 'fonts'];
const lines = rows.map((r) => [r.preset, r.page, r.lang, r.performance, r.accessibility, r.bestPractices, r.seo, r.lcpMs, r.tbtMs, r.cls, r.totalKb, r.fontKb, r.fontFiles].map(String));
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
console.log([header, ...lines].map((l) => l.map((cell, i) => cell.padEnd(widths[i])).join('  ')).join('\n'));
if (arg('--json', null)) writeFileSync(arg('--json'), JSON.stringify(rows, null, 2));
