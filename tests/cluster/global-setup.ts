// Brings the cluster up once for the suite: one build, a fresh PostgreSQL schema, a private
// Redis, instances A and B started at the same moment on the empty schema (they must
// migrate and seed it once between them), an owner made with the CLI, and the balancer.
// Without PostgreSQL or redis-server the suite is skipped locally, and fails in CI.
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rmSync, writeFileSync } from 'node:fs';
import { buildOnce, createSchema, dropSchema, isUp, kill, logOf, owner, ports, postgresUrl, root, sharedEnv, startBalancer, startInstance, startRedis, waitFor } from './harness';

export const stateFile = join(tmpdir(), 'duet-cluster-state.json');

export default async function globalSetup() {
  const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
  if (!postgresUrl || !hasRedis) {
    const missing = [!postgresUrl && 'TEST_DATABASE_URL', !hasRedis && 'redis-server'].filter(Boolean).join(' and ');
    if (process.env.CI) throw new Error(`the several-instances suite needs ${missing}`);
    console.warn(`\n*** several-instances suite SKIPPED: no ${missing} ***\n`);
    process.env.CLUSTER_SKIP = '1';
    return;
  }
  const schema = await createSchema();
  const env = sharedEnv(schema);
  buildOnce(env);
  for (const name of ['a', 'b']) rmSync(logOf(name), { force: true });
  const redis = startRedis();
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
    await dropSchema(schema).catch(() => {});
  };
}
