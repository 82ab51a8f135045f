// The scheduler's interval: 15 s unless DUET_SCHEDULER_INTERVAL_MS (the tests' setting) says otherwise.
import { describe, expect, it } from 'vitest';
import { schedulerIntervalMs } from '@/server/studio/scheduler';

describe('schedulerIntervalMs', () => {
  it('is 15 s by default', () => {
    expect(schedulerIntervalMs({})).toBe(15_000);
  });

  it('takes a whole number of milliseconds from DUET_SCHEDULER_INTERVAL_MS', () => {
    expect(schedulerIntervalMs({ DUET_SCHEDULER_INTERVAL_MS: '1000' })).toBe(1000);
  });

  it('ignores a value that is not a whole number of at least 100 ms', () => {
    for (const value of ['', 'soon', '0', '-5', '99', '1.5']) expect(schedulerIntervalMs({ DUET_SCHEDULER_INTERVAL_MS: value })).toBe(15_000);
  });
});
