import { describe, expect, it } from 'vitest';
import { maxAttempts, retryDelayMs, verdictOf } from './backoff';

describe('webhook retries', () => {
  it('waits about 1 min, 5 min, 30 min, 2 h and 6 h, then stops after the sixth attempt', () => {
    const middle = [1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, 0.5));
    expect(middle).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 21_600_000]);
    expect(retryDelayMs(maxAttempts, 0.5)).toBeNull();
    expect(maxAttempts).toBe(6);
  });

  it('spreads each wait by ±20 %', () => {
    expect(retryDelayMs(1, 0)).toBe(48_000);
    expect(retryDelayMs(1, 0.999999)).toBeLessThanOrEqual(72_000);
    expect(retryDelayMs(1, 0.999999)).toBeGreaterThan(71_000);
  });

  it('succeeds on 2xx, gives up on 410, and retries everything else, redirects and silence included', () => {
    expect([200, 204, 299].map(verdictOf)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(verdictOf(410)).toBe('gone');
    expect([301, 302, 400, 404, 429, 500, 503, null].map(verdictOf)).toEqual(Array(8).fill('retry'));
  });
});
