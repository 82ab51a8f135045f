import { beforeEach, describe, expect, it } from 'vitest';
import type { ActiveApiKey } from '@/db/repositories/api-keys';
import { cachedKey, forgetCachedKeys, keyCacheMs } from './key-cache';

const keyOf = (userId: string, role: ActiveApiKey['user']['role']): ActiveApiKey => ({
  id: 1,
  scope: 'admin',
  allowedOrigins: [],
  rateLimitPerMinute: 60,
  user: { id: userId, role, authorId: null, name: userId, email: `${userId}@example.com` },
});

describe('the API key cache', () => {
  beforeEach(() => forgetCachedKeys());

  it('reads a key once within its time, and again after', async () => {
    let reads = 0;
    const read = async () => (reads++, keyOf('u1', 'admin'));
    await cachedKey('k1', read, 1_000);
    await cachedKey('k1', read, 1_000 + keyCacheMs - 1);
    expect(reads).toBe(1);
    await cachedKey('k1', read, 1_000 + keyCacheMs);
    expect(reads).toBe(2);
  });

  it('forgets the keys of one account, and only those', async () => {
    let role: ActiveApiKey['user']['role'] = 'admin';
    await cachedKey('mine', async () => keyOf('u1', role));
    await cachedKey('theirs', async () => keyOf('u2', 'admin'));
    role = 'translator';
    forgetCachedKeys('u1');
    expect((await cachedKey('mine', async () => keyOf('u1', role)))?.user.role).toBe('translator');
    expect((await cachedKey('theirs', async () => keyOf('u2', 'author')))?.user.role).toBe('admin');
  });

  it('does not keep what a lookup read before a forget that happened while it ran', async () => {
    let release!: () => void;
    const slow = cachedKey('k', () => new Promise<ActiveApiKey>((resolve) => (release = () => resolve(keyOf('u1', 'admin')))));
    forgetCachedKeys('u1');
    release();
    expect((await slow)?.user.role).toBe('admin');
    expect((await cachedKey('k', async () => keyOf('u1', 'translator')))?.user.role).toBe('translator');
  });
});
