import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it('writes HH:MM:SS, rounded to the second', () => {
    expect(formatDuration(37.776)).toBe('00:00:38');
    expect(formatDuration(26.52)).toBe('00:00:27');
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(59.6)).toBe('00:01:00');
    expect(formatDuration(3725)).toBe('01:02:05');
    expect(formatDuration(100 * 3600 + 1)).toBe('100:00:01');
  });

  it('has nothing to say about a missing or impossible duration', () => {
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(undefined)).toBeNull();
    expect(formatDuration(Number.NaN)).toBeNull();
    expect(formatDuration(-1)).toBeNull();
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
