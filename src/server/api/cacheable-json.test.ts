import { describe, expect, it } from 'vitest';
import { cacheableJsonResponse, isNotModified, toCachedJson } from './cacheable-json';

describe('cacheable JSON answers', () => {
  const answer = toCachedJson({ title: '茶', n: 1 });

  it('tags the bytes: the same body the same ETag, another body another', () => {
    expect(answer.json).toBe('{"title":"茶","n":1}');
    expect(answer.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(toCachedJson({ title: '茶', n: 1 }).etag).toBe(answer.etag);
    expect(toCachedJson({ title: '茶', n: 2 }).etag).not.toBe(answer.etag);
  });

  it('matches If-None-Match as RFC 9110 says: any of a list, weak or strong, or *', () => {
    expect(isNotModified(null, answer.etag)).toBe(false);
    expect(isNotModified(answer.etag, answer.etag)).toBe(true);
    expect(isNotModified(`"a", W/${answer.etag}`, answer.etag)).toBe(true);
    expect(isNotModified('*', answer.etag)).toBe(true);
    expect(isNotModified('"a", "b"', answer.etag)).toBe(false);
  });

  it('answers 200 with the body, or 304 with the same validators and no body', async () => {
    const fresh = cacheableJsonResponse(new Request('http://x/'), answer, { vary: 'Accept-Language', contentLanguage: 'zh' });
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toBe(answer.json);
    expect(Object.fromEntries(fresh.headers)).toEqual({
      'cache-control': 'public, max-age=0, must-revalidate',
      'content-language': 'zh',
      'content-type': 'application/json; charset=utf-8',
      etag: answer.etag,
      vary: 'Accept-Language',
    });
    const kept = cacheableJsonResponse(new Request('http://x/', { headers: { 'if-none-match': answer.etag } }), answer, { vary: 'Accept-Language' });
    expect(kept.status).toBe(304);
    expect(await kept.text()).toBe('');
    expect(kept.headers.get('etag')).toBe(answer.etag);
    expect(kept.headers.get('content-type')).toBeNull();
  });
});
