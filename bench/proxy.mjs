#!/usr/bin/env node
// What the locale router costs a prefixed page. Builds the site twice (as it is, and
// with src/proxy.ts removed), serves each in turn on loopback and loads /en/about with
// autocannon at 32 connections, then prints requests/s, latency and the ratios.
//   node bench/proxy.mjs [--seconds 10]
import { existsSync, renameSync } from 'node:fs';
import { build, cleanUp, load, root, serve, stop, table } from './lib.mjs';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 10;
const proxyFile = `${root}src/proxy.ts`;
const parked = `${root}bench/.proxy.ts.parked`;

console.log('building the site with its proxy…');
build('.next-bench-proxy');
console.log('building the site without a proxy…');
renameSync(proxyFile, parked);
try {
  build('.next-bench-noproxy');
} finally {
  if (existsSync(parked)) renameSync(parked, proxyFile);
}

const rows = [];
async function measure(distDir, port, cases) {
  const server = await serve(distDir, port);
  try {
    for (const [name, path, headers] of cases) rows.push([name, await load(`http://127.0.0.1:${port}${path}`, { seconds, headers })]);
  } finally {
    await stop(server);
  }
}

await measure('.next-bench-noproxy', 3201, [['no proxy: /en/about', '/en/about', {}]]);
await measure('.next-bench-proxy', 3202, [
  ['proxy, cookie matches: /en/about', '/en/about', { cookie: 'NEXT_LOCALE=en' }],
  ['proxy, browser language matches: /en/about', '/en/about', { 'accept-language': 'en-US,en;q=0.9' }],
  ['proxy, crawler (no cookie, no language): /zh/about', '/zh/about', {}],
  ['proxy, first visit (browser in Chinese): /en/about', '/en/about', { 'accept-language': 'zh-CN,zh;q=0.9' }],
  ['proxy runs (a switch from /zh/about): /en/about', '/en/about', { referer: 'http://127.0.0.1:3202/zh/about', 'sec-fetch-site': 'same-origin', cookie: 'NEXT_LOCALE=zh' }],
]);

table(rows);
cleanUp(['.next-bench-proxy', '.next-bench-noproxy']);
const base = rows[0][1].rps;
console.log('\nratio to no proxy:');
for (const [name, r] of rows.slice(1)) console.log(`  ${name.padEnd(46)} ${(r.rps / base).toFixed(2)}×`);
