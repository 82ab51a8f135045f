// Password hashing for Studio accounts: scrypt at OWASP's first recommended setting
// (N=2^17, r=8, p=1: 128 MiB and about a third of a second here), stronger than
// better-auth's default (N=2^14, r=16). The parameters are stored with each hash, so they
// can be raised later without locking anyone out.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const production = { logN: 17, r: 8, p: 1 } as const;

/**
 * The cost new hashes get: OWASP's setting above, or, for the test suites only, a lower
 * N from DUET_TEST_SCRYPT_LOG_N (14 to 16: better-auth's own default is 14). The suites
 * create and sign in hundreds of accounts, a third of a CPU-second each at 17; what they
 * check (a right password passes, a wrong one and a tampered hash fail, throttling) is the
 * same at any cost, and a hash carries its parameters, so verifying never reads the
 * setting. A site never sets it (README, "Tests"); out of range, it is ignored.
 */
export function hashCost(env: Record<string, string | undefined> = process.env): { logN: number; r: number; p: number } {
  const logN = Number(env.DUET_TEST_SCRYPT_LOG_N);
  return Number.isInteger(logN) && logN >= 14 && logN < production.logN ? { ...production, logN } : production;
}
const keyLength = 64;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function optionsFor(logN: number, r: number, p: number): ScryptOptions {
  const N = 2 ** logN;
  // Node refuses more than 32 MiB unless told: leave room above 128·N·r.
  return { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
}

/** `scrypt$17$8$1$<salt>$<key>`, base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const current = hashCost();
  const key = await scrypt(password, salt, optionsFor(current.logN, current.r, current.p));
  return ['scrypt', current.logN, current.r, current.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const [n, rr, pp] = [Number(logN), Number(r), Number(p)];
  // Refuse parameters no hash of ours carries: a tampered row must not make us allocate gigabytes.
  if (![n, rr, pp].every(Number.isInteger) || n < 14 || n > 20 || rr < 1 || rr > 16 || pp < 1 || pp > 16) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), optionsFor(n, rr, pp));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
