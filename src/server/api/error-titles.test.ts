import { describe, expect, it } from 'vitest';
import { apiOnlyStatuses, errorTitleKey } from '@/core/errors/http-status';
import { errorLocale, errorTitle } from './error-titles';
import { errorBody } from './respond';

const generic = { en: 'An unexpected error has occurred', zh: '发生了意外错误' };

describe('the API error titles', () => {
  it('names each refusal the API makes in both languages, not with the generic title', () => {
    expect(errorBody(401, 'Send an API key.').error).toEqual({ status: 401, title: 'Unauthorized', message: 'Send an API key.' });
    expect(errorBody(401, 'Send an API key.', undefined, undefined, undefined, 'zh').error.title).toBe('未经授权');
    expect(errorTitle(403)).toBe('Forbidden');
    expect(errorTitle(409)).toBe('Conflict');
    expect(errorTitle(413)).toBe('Payload Too Large');
    expect(errorTitle(429, 'zh')).toBe('请求过于频繁');
    for (const status of apiOnlyStatuses) {
      for (const locale of ['en', 'zh'] as const) {
        expect(errorTitle(status, locale), `${status} ${locale}`).not.toBe(generic[locale]);
        expect(errorTitle(status, locale).length, `${status} ${locale}`).toBeGreaterThan(1);
      }
    }
  });

  it('keeps the titles the spec fixes, and the generic one for any other status', () => {
    expect([400, 404, 405, 500].map((status) => errorTitle(status))).toEqual(['Bad Request', 'This page could not be found', 'Method Not Allowed', 'Internal Server Error']);
    expect(errorTitle(404, 'zh')).toBe('找不到这个页面');
    expect(errorTitle(418)).toBe(generic.en);
    expect(errorTitle(502, 'zh')).toBe(generic.zh);
  });

  it('leaves pages as they were: a 401, 403 or 429 page takes the generic title', () => {
    for (const status of [401, 403, 409, 413, 429]) expect(errorTitleKey(status)).toBe('other');
  });

  it('titles an error in the language asked for: lang first, then Accept-Language, else English', () => {
    const request = (query: string, acceptLanguage?: string) => new Request(`http://localhost/api/v1/content/tags${query}`, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
    expect(errorLocale(request(''))).toBe('en');
    expect(errorLocale(request('', 'zh-CN,zh;q=0.9,en;q=0.8'))).toBe('zh');
    expect(errorLocale(request('?lang=en', 'zh-CN'))).toBe('en');
    expect(errorLocale(request('?lang=zh'))).toBe('zh');
    expect(errorLocale(request('?lang=fr', 'fr-FR'))).toBe('en');
  });
});
