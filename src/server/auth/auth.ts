// Studio accounts and sessions: better-auth over the site's own Kysely database. Only its
// server API is used (sign in, sign out, read the session); no /api/auth routes are
// exposed, and sign-up is off: accounts come from the setup form, invites and the CLI.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { betterAuth } from 'better-auth';
import { nextCookies } from 'better-auth/next-js';
import type { Db, UntypedDb } from '@/db/client';
import { isPostgres } from '@/db/dialect';
import { dataDir } from '@/core/config/data-dir';
import { hashPassword, verifyPassword } from './password-hash';

/** BETTER_AUTH_SECRET, or one generated on first start and kept in DATA_DIR (owner-only). */
export function authSecret(dir = dataDir()): string {
  const given = process.env.BETTER_AUTH_SECRET;
  if (given && given.length >= 32) return given;
  const file = join(/* turbopackIgnore: true */ dir, 'auth.secret'); // read at run time, never part of the build
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

export function createAuth(db: Db) {
  const siteUrl = process.env.SITE_URL;
  return betterAuth({
    appName: 'Duet',
    secret: authSecret(),
    baseURL: siteUrl,
    database: { db: db as UntypedDb, type: isPostgres(db) ? 'postgres' : 'sqlite' },
    telemetry: { enabled: false },
    logger: { level: 'error' },
    // Failed sign-ins are limited per account and per address by our own throttle
    // (server/auth/login-throttle.ts); better-auth's limiter is per path and in memory.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 10,
      maxPasswordLength: 256,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    session: {
      modelName: 'auth_sessions',
      fields: { ...timestamps, expiresAt: 'expires_at', ipAddress: 'ip_address', userAgent: 'user_agent', userId: 'user_id' },
      expiresIn: 60 * 60 * 24 * 14,
      updateAge: 60 * 60 * 24,
    },
    user: {
      modelName: 'auth_users',
      fields: { ...timestamps, emailVerified: 'email_verified' },
      additionalFields: { role: { type: 'string', required: true, input: false } },
    },
    account: {
      modelName: 'auth_accounts',
      fields: {
        ...timestamps,
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
      },
    },
    verification: {
      modelName: 'auth_verifications',
      fields: { ...timestamps, expiresAt: 'expires_at' },
    },
    advanced: {
      cookiePrefix: 'duet',
      // Secure cookies whenever the site is served over HTTPS; on plain-HTTP loopback
      // (development, tests) a Secure cookie would never come back.
      useSecureCookies: siteUrl?.startsWith('https://') ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalKey = Symbol.for('duet.auth');
type GlobalWithAuth = typeof globalThis & { [globalKey]?: { db: Db; auth: Auth } };

/** One instance per database handle (tests open several). */
export function authFor(db: Db): Auth {
  const store = globalThis as GlobalWithAuth;
  const held = store[globalKey];
  if (held?.db === db) return held.auth;
  const auth = createAuth(db);
  store[globalKey] = { db, auth };
  return auth;
}
