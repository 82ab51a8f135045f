// A role change and an account's removal, as Studio › People makes them: the change in the
// database (which ends the account's sessions too), then the account's API keys are
// forgotten by this instance's key cache, so from the very next request they act with the
// new role, or not at all, as a revoked key does. Other instances follow within the
// cache's two seconds (server/api-keys/key-cache.ts).
import type { Role } from '@/core/auth/permissions';
import type { Db } from '@/db/client';
import { createAccountRepository } from '@/db/repositories/accounts';
import { forgetCachedKeys } from '@/server/api-keys/key-cache';

export async function changeAccountRole(db: Db, userId: string, role: Role): Promise<void> {
  try {
    await createAccountRepository(db).setRole(userId, role);
  } finally {
    // Also after a failure: the change may have been committed before the error surfaced.
    forgetCachedKeys(userId);
  }
}

export async function removeAccount(db: Db, userId: string): Promise<void> {
  try {
    await createAccountRepository(db).removeUser(userId);
  } finally {
    forgetCachedKeys(userId);
  }
}
