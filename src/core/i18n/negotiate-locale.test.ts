import { describe, expect, it } from 'vitest';
import { matchAcceptLanguage, negotiateLocale, parseAcceptLanguage } from './negotiate-locale';

const locales = ['zh', 'en'] as const;

describe('parseAcceptLanguage', () => {
  it('orders by q then by position', () => {
    expect(parseAcceptLanguage('fr;q=0.5, en-US, zh-CN;q=0.9')).toEqual(['en-us', 'zh-cn', 'fr']);
  });
  it('drops q=0 and garbage', () => {
    expect(parseAcceptLanguage('en;q=0, ;;, <script>, zh')).toEqual(['zh']);
  });
  it('handles empty input', () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });
});

describe('negotiateLocale', () => {
  it.each([
    [{ cookie: 'en', acceptLanguage: 'zh-CN' }, 'en'],
    [{ cookie: 'zh', acceptLanguage: 'en-US' }, 'zh'],
    [{ cookie: 'fr', acceptLanguage: 'en-US,en;q=0.9' }, 'en'],
    [{ acceptLanguage: 'zh-TW,zh;q=0.9' }, 'zh'],
    [{ acceptLanguage: 'de-DE, en;q=0.7' }, 'en'],
    [{ acceptLanguage: 'de-DE' }, 'zh'],
    [{}, 'zh'],
  ])('%j → %s', (input, expected) => {
    expect(negotiateLocale({ locales, defaultLocale: 'zh', ...input })).toBe(expected);
  });

  it('matches a primary subtag only against a whole locale', () => {
    expect(matchAcceptLanguage('eng', locales)).toBeNull();
    expect(matchAcceptLanguage('en-GB', locales)).toBe('en');
  });
});
