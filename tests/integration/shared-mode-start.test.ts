// `npm start` as one of several instances: without what they must share it stops before
// doing anything, naming each missing setting; it never builds (they serve one build).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function start(env: Record<string, string>) {
  const { PATH = '', HOME = '' } = process.env;
  return spawnSync(process.execPath, ['scripts/start.mjs'], { env: { NODE_ENV: 'production', PATH, HOME, ...env }, encoding: 'utf8', timeout: 30_000 });
}

describe('npm start in shared mode', () => {
  it('stops with the list of what is missing, and builds nothing', () => {
    const result = start({ REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(result.status).toBe(1);
    for (const name of ['BETTER_AUTH_SECRET', 'DUET_INTERNAL_TOKEN', 'S3_BUCKET', 'SITE_URL']) expect(result.stderr).toContain(name);
    expect(result.stderr).not.toContain('DATABASE_URL must');
    expect(result.stdout).not.toContain('building');
  });

  it('refuses to build a stale or missing build, even with everything set', () => {
    const result = start({
      DUET_SHARED: '1',
      NEXT_DIST_DIR: '.next-shared-mode-test-none',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      BETTER_AUTH_SECRET: 'a'.repeat(32),
      DUET_INTERNAL_TOKEN: 'b'.repeat(24),
      SITE_URL: 'https://magazine.example',
      S3_BUCKET: 'duet-media',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('never builds');
  });
});
