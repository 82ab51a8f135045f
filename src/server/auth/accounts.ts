// Studio accounts: the owner's first setup, users created from invites or the CLI,
// password resets, and sign-in behind the failed-login throttle. Works without Next
// (the CLI calls it), given a database handle.
import { accountKey, addressKey } from '@/core/auth/login-throttle';
import type { Role } from '@/core/auth/permissions';
import { AppError } from '@/core/errors/app-error';
import type { Db } from '@/db/client';
import { mapDatabaseError } from '@/db/map-database-error';
import { createAccountRepository } from '@/db/repositories/accounts';
import { createAuthorRepository } from '@/db/repositories/authors';
import { authFor } from './auth';
import { clearFailures, reserveAttempt } from './login-throttle-store';

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  role: Role;
}

export interface Account {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function countUsers(db: Db): Promise<number> {
  return createAccountRepository(db).countUsers();
}

/**
 * Creates a user with a password and a byline (an author profile) of the same name.
 * The byline's handle is made from the name, made unique with a number when taken.
 */
export async function createAccount(db: Db, input: NewAccount): Promise<Account> {
  const email = normaliseEmail(input.email);
  if (await createAccountRepository(db).findByEmail(email)) throw new AppError('CONFLICT', 'An account with this e-mail address exists.', { fields: { email: ['This e-mail address is taken.'] } });
  const context = await authFor(db).$context;
  const user = await context.internalAdapter.createUser({ name: input.name, email, emailVerified: false, role: input.role }, { method: 'admin' });
  try {
    await context.internalAdapter.createAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await context.password.hash(input.password),
    });
    await createByline(db, user.id, input.name);
  } catch (error) {
    // No half-made account: without its password row nobody could ever sign in as it.
    await context.internalAdapter.deleteUser(user.id);
    throw mapDatabaseError(error);
  }
  return { id: user.id, name: input.name, email, role: input.role };
}

async function createByline(db: Db, userId: string, name: string): Promise<void> {
  if ((await createAuthorRepository(db).createByline(userId, name)) === null) {
    throw new AppError('CONFLICT', 'Could not find a free author handle for this name.', { fields: { name: ['Choose a different name.'] } });
  }
}

/**
 * The first account, made from the setup form. Refused once any account exists; a
 * settings row claimed inside the same request makes two simultaneous setups end with
 * one owner (the loser gets 409).
 */
export async function setupOwner(db: Db, input: Omit<NewAccount, 'role'>): Promise<Account> {
  const accounts = createAccountRepository(db);
  if ((await accounts.countUsers()) > 0 || !(await accounts.claimOwnerSetup())) throw new AppError('CONFLICT', 'This site already has an owner.');
  try {
    return await createAccount(db, { ...input, role: 'owner' });
  } catch (error) {
    await accounts.releaseOwnerSetup();
    throw error;
  }
}

/** Sets a new password and ends every session of the account (CLI and Studio). */
export async function setPassword(db: Db, email: string, password: string): Promise<void> {
  const context = await authFor(db).$context;
  const user = await context.internalAdapter.findUserByEmail(normaliseEmail(email));
  if (!user) throw new AppError('NOT_FOUND', `There is no account for ${email}.`, { fields: { email: ['No such account.'] } });
  await context.internalAdapter.updatePassword(user.user.id, await context.password.hash(password));
  await context.internalAdapter.deleteUserSessions(user.user.id);
  await clearFailures(db, [accountKey(email)]);
}

export interface SignInResult {
  /** The Set-Cookie headers better-auth produced (also applied through next/headers in a server action). */
  headers: Headers;
  userId: string;
}

/**
 * Signs in by e-mail and password. Wrong e-mail and wrong password give the same
 * answer; after five attempts in fifteen minutes for an account or an address without a
 * success, every attempt (right or wrong) is answered RATE_LIMITED with the wait in
 * `retryAfter`, without its password being checked.
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string },
  request: { headers: Headers; address: string },
): Promise<SignInResult> {
  const keys = [accountKey(input.email), addressKey(request.address)];
  return withAttemptThrottle(db, keys, async () => {
    const result = await authFor(db).api.signInEmail({
      body: { email: normaliseEmail(input.email), password: input.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    return { headers: result.headers, userId: result.response.user.id };
  });
}

/**
 * Runs a password check under the failed-attempt throttle: the attempt is counted before
 * `check` runs (so simultaneous guesses cannot slip past the count), refused unheard
 * once a key is locked, and forgiven when `check` succeeds. Any error from `check` other
 * than an AppError counts as a wrong password: the same answer whether or not the
 * account exists.
 */
export async function withAttemptThrottle<T>(db: Db, keys: string[], check: () => Promise<T>): Promise<T> {
  const verdict = await reserveAttempt(db, keys);
  if (!verdict.allowed) throw rateLimited(verdict.wait);
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (verdict.waitIfFailed > 0) throw rateLimited(verdict.waitIfFailed);
    throw new AppError('UNAUTHENTICATED', 'The e-mail address or the password is wrong.', {
      fields: { password: ['The e-mail address or the password is wrong.'] },
      cause: error,
    });
  }
  await clearFailures(db, keys);
  return result;
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfter: number) {
    super('RATE_LIMITED', `Too many failed sign-ins. Try again in ${Math.ceil(retryAfter / 60)} minutes.`, { reason: 'rate-limited' });
  }
}

function rateLimited(seconds: number): RateLimitedError {
  return new RateLimitedError(seconds);
}
