import { describe, expect, it } from 'vitest';
import { accountKey, recordFailure, retryAfterSeconds, type ThrottleRecord } from './login-throttle';

const start = new Date('2026-11-22T10:00:00.000Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

function fail(times: number, spacingMinutes = 1): ThrottleRecord {
  let record: ThrottleRecord | undefined;
  for (let i = 0; i < times; i++) record = recordFailure(record, at(i * spacingMinutes));
  return record!;
}

describe('login throttle', () => {
  it('lets four failures through and locks on the fifth for fifteen minutes', () => {
    expect(retryAfterSeconds(fail(4), at(4))).toBe(0);
    const locked = fail(5);
    expect(locked.lockedUntil).toBe(at(4 + 15).toISOString());
    expect(retryAfterSeconds(locked, at(5))).toBe(14 * 60);
    expect(retryAfterSeconds(locked, at(19))).toBe(0);
  });

  it('forgets failures older than the window', () => {
    const spread = fail(5, 4); // at 0, 4, 8 and 12 minutes, then 16: a new window starts
    expect(spread.failures).toBe(1);
    expect(spread.lockedUntil).toBeNull();
  });

  it('rounds the wait up to whole seconds', () => {
    const locked = fail(5);
    expect(retryAfterSeconds(locked, new Date(Date.parse(locked.lockedUntil!) - 1))).toBe(1);
  });

  it('keys accounts case-insensitively', () => {
    expect(accountKey(' Owner@Example.COM ')).toBe(accountKey('owner@example.com'));
  });
});
