import { describe, expect, it } from 'vitest';
import { displayName, formatDuration, languageInName, mediaLibraryQuery } from './library-query';

describe('the media library', () => {
  it('reads its address, falling back to everything on nonsense', () => {
    expect(mediaLibraryQuery.parse({ q: '  tea ', kind: 'audio', page: '2' })).toEqual({ q: 'tea', kind: 'audio', page: 2 });
    expect(mediaLibraryQuery.parse({ q: ['a', 'b'], kind: 'pdf', page: '-1' })).toEqual({});
    expect(mediaLibraryQuery.parse({ q: 'x'.repeat(500) }).q).toHaveLength(100);
  });

  it('names a file without its content hash', () => {
    expect(displayName('/images/tea-and-time.3f9a1c2b7d4e.webp')).toBe('tea-and-time.webp');
    expect(displayName('/videos/city-walk-shanghai.en.8d476fa3e5.vtt')).toBe('city-walk-shanghai.en.vtt');
    expect(displayName('/images/tea.3f9a1c2b7d4e.w960.webp')).toBe('tea.webp');
    expect(displayName('/images/plain.png')).toBe('plain.png');
  });

  it('finds a subtitle’s language in its name', () => {
    expect(languageInName('city-walk-shanghai.zh.vtt')).toBe('zh');
    expect(languageInName('walk-en.vtt')).toBe('en');
    expect(languageInName('walk.zh-CN.vtt')).toBe('zh');
    expect(languageInName('chinese-history.vtt')).toBeNull();
    expect(languageInName('garden.vtt')).toBeNull();
  });

  it('shows a duration as a player does', () => {
    expect(formatDuration(37.776)).toBe('0:38');
    expect(formatDuration(725)).toBe('12:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
});
