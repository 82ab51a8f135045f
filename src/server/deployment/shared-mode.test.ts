import { describe, expect, it } from 'vitest';
import { isSharedMode, sharedModeMessage, sharedModeProblems } from './shared-mode.mjs';

const whole = {
  REDIS_URL: 'redis://cache:6379',
  DATABASE_URL: 'postgres://duet@db/duet',
  BETTER_AUTH_SECRET: 'a'.repeat(32),
  DUET_INTERNAL_TOKEN: 'b'.repeat(24),
  SITE_URL: 'https://magazine.example',
  S3_BUCKET: 'duet-media',
};

describe('shared mode', () => {
  it('is off for the embedded default, which needs none of it', () => {
    expect(isSharedMode({})).toBe(false);
    expect(sharedModeProblems({ DATABASE_URL: 'postgres://db/duet' })).toEqual([]);
  });

  it('is on with REDIS_URL or DUET_SHARED=1, and content when everything shared is given', () => {
    expect(isSharedMode({ REDIS_URL: 'redis://x' })).toBe(true);
    expect(isSharedMode({ DUET_SHARED: '1' })).toBe(true);
    expect(sharedModeProblems(whole)).toEqual([]);
  });

  it('names each missing or unusable setting', () => {
    const problems = sharedModeProblems({ DUET_SHARED: '1', DATABASE_URL: 'file:duet.db', BETTER_AUTH_SECRET: 'short', SITE_URL: 'magazine.example' });
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['DATABASE_URL', 'BETTER_AUTH_SECRET', 'DUET_INTERNAL_TOKEN', 'S3_BUCKET', 'SITE_URL']);
    expect(sharedModeProblems({ ...whole, SITE_URL: 'ftp://magazine.example' })).toHaveLength(1);
    expect(sharedModeMessage(problems)).toContain('docs/deploy.md');
  });
});
