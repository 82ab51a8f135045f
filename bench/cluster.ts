// Throughput of a post page, one run, on this machine: the embedded default (one instance,
// SQLite, pages in its memory) against shared mode (PostgreSQL, pages in Redis, media in
// S3 on Swift) with one instance, and with two instances of one build loaded together.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/cluster.ts [--seconds 10]
// Uses the servers of the several-instances proof (tests/cluster/harness.ts). Two
// instances on one machine share its cores: the figure says what sharing costs, not what
// a second machine adds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startS3TestServer } from '../tests/integration/helpers/s3-test-server';
import { createSchema, dropSchema, ensureBuild, isUp, kill, ports, sharedEnv, startInstance, startRedis, waitFor } from '../tests/cluster/harness';
import { serve, stop } from './lib.mjs';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 10;
const path = '/en/posts/the-time-it-takes-to-drink-tea';
const headers = { cookie: 'NEXT_LOCALE=en' };

interface Figure {
  rps: number;
  p99: number;
}

async function hammer(urls: string[], connections: number): Promise<Figure> {
  const run = (url: string, duration: number) => autocannon({ url, connections: Math.round(connections / urls.length), duration, headers });
  await Promise.all(urls.map((url) => run(url, 2)));
  const results = await Promise.all(urls.map((url) => run(url, seconds)));
  for (const result of results) if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: results.reduce((sum, r) => sum + r.requests.average, 0), p99: Math.max(...results.map((r) => r.latency.p99)) };
}

const rows: Array<[string, Figure]> = [];
// One build serves every run below, whatever its address (as `npm run build` makes it).
ensureBuild();

// The embedded default.
{
  const dataDir = mkdtempSync(join(tmpdir(), 'duet-bench-cluster-'));
  const child = await serve('.next', 3400, { DATA_DIR: dataDir });
  await waitFor(async () => (await fetch(`http://127.0.0.1:3400${path}`, { headers })).ok, 'the embedded instance');
  rows.push(['one instance, embedded default (SQLite, memory)', await hammer([`http://127.0.0.1:3400${path}`], 32)]);
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}

const schema = await createSchema();
const s3 = await startS3TestServer('duet-bench');
const redis = startRedis();
const env = { ...sharedEnv(schema, s3.config), LOG_LEVEL: 'warn' };
const a = startInstance('a', env);
const b = startInstance('b', env);
try {
  await waitFor(async () => (await isUp(ports.a)) && (await isUp(ports.b)), 'both instances', 180_000);
  const url = (port: number) => `http://127.0.0.1:${port}${path}`;
  rows.push(['one instance, shared (PostgreSQL, Redis, S3)', await hammer([url(ports.a)], 32)]);
  rows.push(['two instances, shared, loaded together', await hammer([url(ports.a), url(ports.b)], 32)]);
} finally {
  kill(a);
  kill(b);
  kill(redis);
  s3.stop();
  await dropSchema(schema);
}

console.log(`\npost page, ${seconds} s at 32 connections, one run`);
for (const [name, figure] of rows) console.log(`${name.padEnd(50)} ${figure.rps.toFixed(0).padStart(6)} req/s   p99 ${String(figure.p99).padStart(4)} ms`);
const [embedded, one, two] = rows.map(([, figure]) => figure.rps);
console.log(`two shared / one shared: ${(two! / one!).toFixed(2)}×   one shared / embedded: ${(one! / embedded!).toFixed(2)}×`);
