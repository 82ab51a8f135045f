import { describe, expect, it } from 'vitest';
import { hashCost, hashPassword, verifyPassword } from './password-hash';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(new RegExp(`^scrypt\\$${hashCost().logN}\\$8\\$1\\$[\\w-]{22}\\$[\\w-]{86}$`));
    expect(await verifyPassword({ hash, password: 'correct horse battery' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'correct horse batterY' })).toBe(false);
  });

  it('hashes at N=2^17 on a site; only the test setting lowers it, and never below 2^14', () => {
    expect(hashCost({})).toEqual({ logN: 17, r: 8, p: 1 });
    expect(hashCost({ DUET_TEST_SCRYPT_LOG_N: '14' })).toEqual({ logN: 14, r: 8, p: 1 });
    for (const ignored of ['13', '17', '20', '15.5', 'x', '']) expect(hashCost({ DUET_TEST_SCRYPT_LOG_N: ignored }).logN).toBe(17);
  });

  it('verifies a hash made at a lower cost by its own parameters', async () => {
    const previous = process.env.DUET_TEST_SCRYPT_LOG_N;
    process.env.DUET_TEST_SCRYPT_LOG_N = '14';
    const cheap = await hashPassword('made in a test');
    if (previous === undefined) delete process.env.DUET_TEST_SCRYPT_LOG_N;
    else process.env.DUET_TEST_SCRYPT_LOG_N = previous;
    expect(cheap).toMatch(/^scrypt\$14\$8\$1\$/);
    expect(await verifyPassword({ hash: cheap, password: 'made in a test' })).toBe(true);
    expect(await verifyPassword({ hash: cheap, password: 'made in a test!' })).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('refuses malformed or tampered hashes instead of throwing', async () => {
    const hash = await hashPassword('a password of ours');
    const tampered = hash.replace(`$${hashCost().logN}$`, '$30$');
    expect(tampered).not.toBe(hash);
    expect(await verifyPassword({ hash: tampered, password: 'a password of ours' })).toBe(false);
    expect(await verifyPassword({ hash: 'bcrypt$whatever', password: 'x' })).toBe(false);
    expect(await verifyPassword({ hash: '', password: '' })).toBe(false);
  });

  it('treats composed and decomposed Unicode passwords as the same password', async () => {
    const hash = await hashPassword('café-密码-1234');
    expect(await verifyPassword({ hash, password: 'cafe\u0301-密码-1234' })).toBe(true);
  });
});
