import { describe, expect, it } from 'vitest';
import { isSameOrigin } from './same-origin';

const req = (headers: Record<string, string>) => new Request('http://localhost:3000/api/v1/x', { method: 'POST', headers });

describe('isSameOrigin', () => {
  it('accepts the origin the request was addressed to', () => {
    expect(isSameOrigin(req({ host: 'localhost:3000', origin: 'http://localhost:3000' }))).toBe(true);
  });

  it('refuses a missing, opaque or foreign origin', () => {
    expect(isSameOrigin(req({ host: 'localhost:3000' }))).toBe(false);
    expect(isSameOrigin(req({ host: 'localhost:3000', origin: 'null' }))).toBe(false);
    expect(isSameOrigin(req({ host: 'localhost:3000', origin: 'https://evil.example' }))).toBe(false);
    expect(isSameOrigin(req({ host: 'localhost:3000', origin: 'http://localhost:3000.evil.example' }))).toBe(false);
    expect(isSameOrigin(req({ host: 'localhost:3000', origin: 'https://localhost:3000' }))).toBe(false);
  });

  it('honours the forwarded host and scheme of a reverse proxy', () => {
    expect(isSameOrigin(req({ host: '127.0.0.1:3000', 'x-forwarded-host': 'blog.example', 'x-forwarded-proto': 'https', origin: 'https://blog.example' }))).toBe(true);
  });
});
