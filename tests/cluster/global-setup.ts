// Brings the cluster up once for the suite: the one production build (npm test's), a fresh
// PostgreSQL schema, a private Redis, an S3 bucket on OpenStack Swift (scripts/s3-test-server.sh),
// instances A and B started at the same moment on the empty schema (they must migrate and
// seed it once between them), an owner made with the CLI, and the balancer.
// Without PostgreSQL, redis-server or Swift the suite is skipped locally, and fails in CI.
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rmSync, writeFileSync } from 'node:fs';
import { startS3TestServer, swiftAvailable } from '../integration/helpers/s3-test-server';
import { createSchema, dropSchema, ensureBuild, isUp, kill, logOf, owner, ports, postgresUrl, root, sharedEnv, startBalancer, startInstance, startRedis, waitFor } from './harness';

export const stateFile = join(tmpdir(), `duet-cluster-state-${ports.balancer}.json`);

export default async function globalSetup() {
  const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
  if (!postgresUrl || !hasRedis || !swiftAvailable) {
    const missing = [!postgresUrl && 'TEST_DATABASE_URL', !hasRedis && 'redis-server', !swiftAvailable && 'OpenStack Swift'].filter(Boolean).join(', ');
    if (process.env.CI) throw new Error(`the several-instances suite needs ${missing}`);
    console.warn(`\n*** several-instances suite SKIPPED: no ${missing} ***\n`);
    process.env.CLUSTER_SKIP = '1';
    return;
  }
  const schema = await createSchema();
  const s3 = await startS3TestServer('duet-cluster');
  const env = sharedEnv(schema, s3.config);
  ensureBuild();
  for (const name of ['a', 'b']) rmSync(logOf(name), { force: true });
  const redis = startRedis();
  // A Redis left on the port by an earlier run would make this one exit at once.
  await waitFor(async () => spawnSync('redis-cli', ['-p', String(ports.redis), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG', 'the private Redis', 10_000, [redis]);
  const a = startInstance('a', env);
  const b = startInstance('b', env);
  await waitFor(async () => (await isUp(ports.a)) && (await isUp(ports.b)), 'both instances', 120_000, [a, b]);
  const created = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/cli/duet.ts', 'create-user', owner.email, 'owner', owner.name], {
    cwd: root,
    env: { ...process.env, ...env, DUET_PASSWORD: owner.password },
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`create-user failed: ${created.stderr}`);
  const balancer = startBalancer();
  const state = { schema, env, pids: { redis: redis.pid, a: a.pid, b: b.pid } };
  writeFileSync(stateFile, JSON.stringify(state));
  process.env.CLUSTER_STATE = stateFile;
  return async () => {
    balancer.close();
    const { readFileSync } = await import('node:fs');
    const last = JSON.parse(readFileSync(stateFile, 'utf8')) as typeof state;
    for (const pid of Object.values(last.pids)) {
      try {
        if (pid) process.kill(-pid, 'SIGTERM');
      } catch {
        try {
          if (pid) process.kill(pid, 'SIGTERM');
        } catch {}
      }
    }
    kill(redis);
    s3.stop();
    await dropSchema(schema).catch(() => {});
  };
}
