import { describe, expect, it } from 'vitest';
import { chartStart, csvField, parseMemberFilter, weeklyCounts } from './member-directory';

describe('the Members screen rules', () => {
  it('reads filters from a query string, dropping empty and unknown values', () => {
    expect(parseMemberFilter({ q: ' ann ', language: '', status: 'subscribed', newsletter: '2', other: 'x' })).toEqual({ q: 'ann', status: 'subscribed', newsletter: 2 });
    // A value out of range voids the filters rather than showing a wrong list.
    expect(parseMemberFilter({ status: 'gone' })).toEqual({});
  });

  it('buckets daily confirmations into twelve Monday weeks, empty weeks kept', () => {
    const now = new Date('2026-11-27T10:00:00Z'); // a Friday
    expect(chartStart(now).toISOString().slice(0, 10)).toBe('2026-09-07');
    const weeks = weeklyCounts(
      [
        { day: '2026-11-23', count: 2 },
        { day: '2026-11-27', count: 3 },
        { day: '2026-09-07', count: 1 },
        { day: '2026-09-06', count: 9 },
      ],
      now,
    );
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ week: '2026-09-07', count: 1 });
    expect(weeks[11]).toEqual({ week: '2026-11-23', count: 5 });
    expect(weeks.reduce((sum, w) => sum + w.count, 0)).toBe(6);
  });

  it('writes CSV fields a spreadsheet reads as text', () => {
    expect(csvField('ann@example.com')).toBe('ann@example.com');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(null)).toBe('');
  });
});
