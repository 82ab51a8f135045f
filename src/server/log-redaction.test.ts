import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { isSecretName, redactedMarker, redactSecrets, redactUrl } from './log-redaction';

const key = `duet_c_AbCdE${'x'.repeat(38)}`;
const adminKey = `duet_a_ZyXwV${'y'.repeat(38)}`;
const secret = `whsec_${'s'.repeat(43)}`;
const token = 'tK9-invite_token-0123456789abcdefghijklmnopq';

describe('redactUrl', () => {
  it('takes the key out of ?key=, ?api_key= and any credential-like parameter, keeping the rest', () => {
    expect(redactUrl(`http://localhost/api/v1/content/posts?lang=zh&key=${key}&limit=5`)).toBe(
      `http://localhost/api/v1/content/posts?lang=zh&key=${redactedMarker}&limit=5`,
    );
    for (const name of ['api_key', 'apiKey', 'access_token', 'token', 'secret', 'password', 'X-Api-Key', 'session_token', 'invite']) {
      expect(redactUrl(`/p?${name}=hunter2&a=1`)).toBe(`/p?${name}=${redactedMarker}&a=1`);
    }
  });

  it('reads parameter names as the server does, so an escaped name does not slip through', () => {
    expect(redactUrl(`/api/v1/content/posts?%6Bey=${key}`)).toBe(`/api/v1/content/posts?%6Bey=${redactedMarker}`);
    expect(redactUrl(`/api?k%65y=${encodeURIComponent(key)}`)).not.toContain('xxxxxxxx');
  });

  it('takes out a key or secret under any name, and in the path', () => {
    expect(redactUrl(`/p?q=${adminKey}`)).toBe(`/p?q=${redactedMarker}`);
    expect(redactUrl(`/p?q=${encodeURIComponent(secret)}`)).toBe(`/p?q=${redactedMarker}`);
    expect(redactUrl(`/things/${key}/more`)).toBe(`/things/${redactedMarker}/more`);
  });

  it('takes the token out of an invite link, and the password out of user:password@', () => {
    expect(redactUrl(`https://example.com/zh/studio/invite/${token}?from=mail`)).toBe(`https://example.com/zh/studio/invite/${redactedMarker}?from=mail`);
    expect(redactUrl('https://ops:s3cret@example.com/api/v1/internal/revalidate')).toBe(`https://${redactedMarker}@example.com/api/v1/internal/revalidate`);
  });

  it('leaves an address without secrets as it was, malformed escapes included', () => {
    for (const url of ['http://localhost/api/v1/content/posts?lang=zh&limit=5&cursor=abc', '/zh/posts/%E4%B8', '/api/v1/content/tags/%FF?tag=%ZZ', '/fonts/serif-sc.css?c=4e2d', '/']) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it('keeps a key\'s public prefix, which the Studio shows', () => {
    expect(redactUrl(`/p?note=${key.slice(0, 12)}`)).toBe(`/p?note=${key.slice(0, 12)}`);
  });
});

describe('redactSecrets', () => {
  it('takes keys, secrets, bearer tokens, cookies and invite links out of free text', () => {
    const text = `failed for Bearer ${key} (webhook ${secret}) cookie duet.session_token=abc.def; lang=zh at /en/studio/invite/${token}: password=hunter2`;
    const out = redactSecrets(text);
    for (const leaked of [key.slice(12), secret.slice(6), 'abc.def', token, 'hunter2']) expect(out).not.toContain(leaked);
    expect(out).toContain(`Bearer ${redactedMarker}`);
    expect(out).toContain('lang=zh');
    expect(redactSecrets(`key ${key} made`)).toBe(`key ${key.slice(0, 12)}${redactedMarker} made`);
  });

  it('leaves ordinary text alone', () => {
    const text = '{"level":30,"url":"http://localhost/api/v1/content/posts?lang=zh&limit=5","status":200,"msg":"request refused: keyword=duet"}';
    expect(redactSecrets(text)).toBe(text);
  });
});

describe('isSecretName', () => {
  it('knows credentials by name, and not the API\'s own parameters', () => {
    for (const name of ['key', 'api_key', 'apikey', 'API-KEY', 'token', 'reset_token', 'secret', 'password', 'sig', 'code', 'session']) expect(isSecretName(name), name).toBe(true);
    for (const name of ['lang', 'limit', 'cursor', 'tag', 'author', 'c', 'v', 'q', 'featured', 'keyword']) expect(isSecretName(name), name).toBe(false);
  });
});

describe('the logger', () => {
  function capture() {
    const lines: string[] = [];
    return { lines, logger: createLogger({ level: 'debug', destination: { write: (line: string) => void lines.push(line) } }) };
  }

  it('censors credential headers, scrubs logged addresses and every line', () => {
    const { lines, logger } = capture();
    logger.info({ req: { headers: { authorization: `Bearer ${key}`, cookie: 'duet.session_token=abc', accept: 'text/html' } } }, 'a request');
    logger.info({ url: `http://localhost/api/v1/content/posts?key=${key}`, path: `/zh/studio/invite/${token}` }, 'refused');
    logger.error({ err: new Error(`could not read ${adminKey} with ${secret}`) }, 'failed');
    const all = lines.join('');
    for (const leaked of [key.slice(12), adminKey.slice(12), secret.slice(6), token, 'abc']) expect(all).not.toContain(leaked);
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0]!).req.headers).toEqual({ authorization: redactedMarker, cookie: redactedMarker, accept: 'text/html' });
    expect(JSON.parse(lines[1]!)).toMatchObject({ url: `http://localhost/api/v1/content/posts?key=${redactedMarker}`, path: `/zh/studio/invite/${redactedMarker}` });
    expect(JSON.parse(lines[2]!).err.message).toContain(redactedMarker);
  });
});
