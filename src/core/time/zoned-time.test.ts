import { describe, expect, it } from 'vitest';
import { fileNameStamp, isTimeZone, utcToZonedInput, zonedToUtc } from './zoned-time';

describe('zoned time', () => {
  it('reads a wall-clock time on the site’s clock', () => {
    expect(zonedToUtc('2026-12-01T09:00', 'Asia/Shanghai').toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(zonedToUtc('2026-07-01T09:00', 'Europe/London').toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(zonedToUtc('2026-01-01T09:00', 'Europe/London').toISOString()).toBe('2026-01-01T09:00:00.000Z');
    expect(zonedToUtc('2026-06-30T23:30', 'America/New_York').toISOString()).toBe('2026-07-01T03:30:00.000Z');
  });

  it('moves a time skipped by daylight saving to just after the gap', () => {
    // 02:30 does not exist in New York on 8 March 2026.
    expect(zonedToUtc('2026-03-08T02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('goes back and forth', () => {
    const at = new Date('2026-11-23T15:45:00.000Z');
    for (const zone of ['Asia/Shanghai', 'Europe/Berlin', 'America/Los_Angeles', 'UTC']) {
      expect(zonedToUtc(utcToZonedInput(at, zone), zone).toISOString()).toBe(at.toISOString());
    }
  });

  it('stamps a file name on the site’s clock', () => {
    // A job run at 00:50 UTC is 08:50 in Shanghai and still the evening before in New York.
    const at = new Date('2026-12-22T00:50:00.000Z');
    expect(fileNameStamp(at, 'UTC')).toBe('20261222-0050');
    expect(fileNameStamp(at, 'Asia/Shanghai')).toBe('20261222-0850');
    expect(fileNameStamp(at, 'America/New_York')).toBe('20261221-1950');
  });

  it('knows real zones', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
