import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword({ hash, password: 'correct horse battery' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'correct horse batterY' })).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('refuses malformed or tampered hashes instead of throwing', async () => {
    const hash = await hashPassword('a password of ours');
    const tampered = hash.replace('$17$', '$30$');
    expect(await verifyPassword({ hash: tampered, password: 'a password of ours' })).toBe(false);
    expect(await verifyPassword({ hash: 'bcrypt$whatever', password: 'x' })).toBe(false);
    expect(await verifyPassword({ hash: '', password: '' })).toBe(false);
  });

  it('treats composed and decomposed Unicode passwords as the same password', async () => {
    const hash = await hashPassword('café-密码-1234');
    expect(await verifyPassword({ hash, password: 'cafe\u0301-密码-1234' })).toBe(true);
  });
});
