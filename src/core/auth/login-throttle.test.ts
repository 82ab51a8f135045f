import { describe, expect, it } from 'vitest';
import { accountKey, addressKey } from './login-throttle';

describe('login throttle keys', () => {
  it('compares e-mail addresses case-insensitively and without surrounding space', () => {
    expect(accountKey(' Ana@Example.COM ')).toBe(accountKey('ana@example.com'));
  });

  it('keeps accounts and addresses apart', () => {
    expect(accountKey('127.0.0.1')).not.toBe(addressKey('127.0.0.1'));
  });
});
