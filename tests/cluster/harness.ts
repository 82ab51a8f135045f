// The servers of the several-instances proof (tests/cluster): a private Redis the test may
// stop and start, two production instances of one build sharing a fresh PostgreSQL schema
// and that Redis, and a small load balancer in front that sends each request to the
// instance its `duet-instance` cookie names (a or b), so one browser can make a session or
// render a form on A and use it on B under the one public address.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { codeProtectionFlag } from '@/server/deployment/code-protection';
import type { S3Config } from '@/server/media/s3-config';
import { testPorts } from '../ports';
import { testVariantCache } from '../variant-cache-folder';

export const root = new URL('../..', import.meta.url).pathname;
/** E2E_PORT + 50 to + 53 (tests/ports.ts), so another run on another E2E_PORT never meets this one. */
export const ports = testPorts.cluster;
export const siteUrl = `http://127.0.0.1:${ports.balancer}`;
export const postgresUrl = process.env.TEST_DATABASE_URL ?? '';
export const owner = { email: 'owner@cluster.test', password: 'cluster passphrase 1', name: 'Olivia Owner' };
/** Each instance's scheduler looks for due texts this often (15 s on a site): a test waits past a tick in a second. */
export const schedulerTickMs = 1000;

/** What every instance shares (docs/deploy.md, "Several instances"): the schema, the bucket and the rest. */
export function sharedEnv(schema: string, s3: S3Config): Record<string, string> {
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    DATABASE_URL: url.toString(),
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    BETTER_AUTH_SECRET: 'cluster-test-secret-'.padEnd(40, 'x'),
    DUET_INTERNAL_TOKEN: 'cluster-test-token-'.padEnd(32, 'y'),
    SITE_URL: siteUrl,
    TRUST_PROXY: 'loopback',
    // info: the scheduler's "published scheduled translations" lines are counted.
    LOG_LEVEL: 'info',
    NEXT_TELEMETRY_DISABLED: '1',
    DUET_SCHEDULER_INTERVAL_MS: String(schedulerTickMs),
    DUET_TEST_VARIANT_CACHE: testVariantCache,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint ?? '',
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

export async function createSchema(): Promise<string> {
  const schema = `cluster_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  return schema;
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/**
 * The one production build `npm test` made (and the browser suite served), as a deployment
 * builds once with `npm run build`: the security headers and every address come from the
 * SITE_URL each instance runs with, so no build of its own is needed. Run alone, the suite
 * builds it first when it is missing or older than the sources, as `npm start` would.
 */
export function ensureBuild(): void {
  const result = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: root, env: { ...process.env, NEXT_DIST_DIR: '' }, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the production build failed');
}

export function startRedis(): ChildProcess {
  return spawn('redis-server', ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
}

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 120_000, alive: ChildProcess[] = []): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const gone = alive.find((child) => child.exitCode !== null);
    if (gone) throw new Error(`a server exited (code ${gone.exitCode}) while waiting for ${what}`);
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Where an instance's output goes (its log lines are checked by the tests). */
export const logOf = (name: string) => join(tmpdir(), `duet-cluster-${ports.balancer}-${name}.log`);

export function startInstance(name: 'a' | 'b', env: Record<string, string>): ChildProcess {
  const dataDir = mkdtempSync(join(tmpdir(), `duet-cluster-${name}-`));
  const log = openSync(logOf(name), 'a');
  return spawn(process.execPath, [codeProtectionFlag, 'scripts/start.mjs'], {
    cwd: root,
    // New password hashes at scrypt N=2^14, as in the other suites (server/auth/password-hash.ts).
    env: { ...process.env, DUET_TEST_SCRYPT_LOG_N: '14', ...env, PORT: String(ports[name]), DATA_DIR: dataDir },
    stdio: ['ignore', log, log],
    detached: true,
  });
}

/** Every log entry of an instance (its log may hold several runs of it: a restart appends). */
export function logEntries(name: string): Array<Record<string, unknown> & { level: number; msg?: string }> {
  if (!existsSync(logOf(name))) return [];
  return readFileSync(logOf(name), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{"level":'))
    .map((line) => JSON.parse(line) as Record<string, unknown> & { level: number; msg?: string });
}

/** The errors (pino level 50 and up) an instance has logged, as "what failed: why". */
export function errorsLogged(name: string): string[] {
  if (!existsSync(logOf(name))) return [];
  return readFileSync(logOf(name), 'utf8')
    .split('\n')
    .filter((line) => /^\{"level":(5\d|60)/.test(line))
    .map((line) => {
      const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
      return `${entry.msg}: ${entry.err?.message ?? ''}`;
    });
}

export async function isUp(port: number): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`);
  return response.ok;
}

/** Stops a process group (npm start's script and the server it spawned). */
export function kill(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** The balancer: cookie duet-instance=a|b picks the instance, otherwise they take turns. */
export function startBalancer(): http.Server {
  let turn = 0;
  const server = http.createServer((request, response) => {
    const chosen = /(?:^|;\s*)duet-instance=(a|b)/.exec(request.headers.cookie ?? '')?.[1] ?? (turn++ % 2 === 0 ? 'a' : 'b');
    const upstream = http.request(
      { host: '127.0.0.1', port: ports[chosen as 'a' | 'b'], method: request.method, path: request.url, headers: { ...request.headers, 'x-forwarded-for': '127.0.0.1' } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-duet-instance': chosen });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain', 'x-duet-instance': chosen });
      response.end(`instance ${chosen} is down`);
    });
    request.pipe(upstream);
  });
  server.listen(ports.balancer, '127.0.0.1');
  return server;
}
