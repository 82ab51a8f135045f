import { describe, expect, it } from 'vitest';
import { createApiKeyInput, formatApiKey, isApiKeyText, keyPrefix, scopeAllows } from './api-key';

describe('API keys', () => {
  it('writes 256 random bits after a scope mark, and recognises only that form', () => {
    const key = formatApiKey('content', new Uint8Array(32).fill(7));
    expect(key).toMatch(/^duet_c_[A-Za-z0-9_-]{43}$/);
    expect(isApiKeyText(key)).toBe(true);
    expect(isApiKeyText(`${key}x`)).toBe(false);
    expect(isApiKeyText(formatApiKey('admin', new Uint8Array(32)).replace('_a_', '_x_'))).toBe(false);
    expect(keyPrefix(key)).toBe(key.slice(0, 12));
    expect(() => formatApiKey('admin', new Uint8Array(16))).toThrow();
  });

  it('lets an admin key write drafts and ask for review, but never publish, delete or manage', () => {
    expect(scopeAllows('admin', 'post.create')).toBe(true);
    expect(scopeAllows('admin', 'post.edit-translation')).toBe(true);
    expect(scopeAllows('admin', 'post.submit-review')).toBe(true);
    for (const action of ['post.publish', 'post.update', 'post.delete', 'post.review', 'settings.manage', 'apikey.manage'] as const) {
      expect(scopeAllows('admin', action)).toBe(false);
    }
    expect(scopeAllows('content', 'post.create')).toBe(false);
  });

  it('reads origins one per line and names the ones that are not origins', () => {
    const ok = createApiKeyInput.parse({ name: ' App ', scope: 'content', allowedOrigins: 'https://a.example\nhttp://localhost:5173, *' });
    expect(ok).toEqual({ name: 'App', scope: 'content', allowedOrigins: ['https://a.example', 'http://localhost:5173', '*'] });
    const bad = createApiKeyInput.safeParse({ name: '', scope: 'owner', allowedOrigins: 'https://a.example/path' });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name', 'scope', 'allowedOrigins']));
    expect(bad.error!.issues.find((issue) => issue.path[0] === 'allowedOrigins')!.message).toContain('Not an origin: https://a.example/path.');
  });
});
