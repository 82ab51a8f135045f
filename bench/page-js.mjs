// What a reader's browser downloads in JavaScript for a post page, gzipped, and what the
// Studio's editor page adds: run against a started server (npm start), in Chromium.
//
//   node bench/page-js.mjs [http://localhost:3000] [/en/posts/tea-and-time]
//
// Reports each page's scripts as the browser fetched them, gzip-compressed at level 9
// (what a server sends with compression on), so builds compare like for like.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3000';
const pages = process.argv.slice(3).length ? process.argv.slice(3) : ['/en/posts/tea-and-time', '/zh/posts/tea-and-time'];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
try {
  for (const path of pages) {
    const page = await browser.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        scripts.set(response.url(), await response.body());
      } catch {
        // A redirect or an aborted load has no body.
      }
    });
    await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
    let raw = 0;
    let gzip = 0;
    for (const body of scripts.values()) {
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    const codemirror = [...scripts.values()].some((b) => b.includes('cm-content') || b.includes('@codemirror'));
    console.log(`${path}: ${scripts.size} scripts, ${(raw / 1024).toFixed(1)} KiB, ${(gzip / 1024).toFixed(1)} KiB gzipped${codemirror ? ' (includes the editor)' : ''}`);
    await page.close();
  }
} finally {
  await browser.close();
}
