// The Studio's accounts as an owner manages them: who they are, their roles, and their
// removal, with the rule that a site keeps at least one owner; and the claim that lets
// one first setup make the owner. Sign-in, invites and passwords are better-auth's
// (server/auth/).
import type { Kysely } from 'kysely';
import type { Role } from '@/core/auth/permissions';
import { AppError } from '@/core/errors/app-error';
import type { Database } from '../schema';
import { inTransaction as write } from '../transaction';

/** The settings row the first setup claims: present once an owner is being or has been made. */
const ownerSetup = { locale: '*', key: 'owner-setup' } as const;

export function createAccountRepository(db: Kysely<Database>) {
  return {
    async countUsers(): Promise<number> {
      const row = await db.selectFrom('auth_users').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The account with this (normalised) e-mail address, if there is one. */
    findByEmail(email: string): Promise<{ id: string; role: string } | undefined> {
      return db.selectFrom('auth_users').select(['id', 'role']).where('email', '=', email).executeTakeFirst();
    },

    /** Claims the first setup; false when another setup claimed it first (the row's key is unique). */
    async claimOwnerSetup(now = new Date()): Promise<boolean> {
      try {
        await db.insertInto('settings').values({ ...ownerSetup, value: now.toISOString() }).execute();
        return true;
      } catch {
        return false;
      }
    },

    /** Gives the claim back when the owner's account could not be made. */
    async releaseOwnerSetup(): Promise<void> {
      await db.deleteFrom('settings').where('locale', '=', ownerSetup.locale).where('key', '=', ownerSetup.key).execute();
    },

    async listUsers(): Promise<Array<{ id: string; name: string; email: string; role: string }>> {
      return db.selectFrom('auth_users').select(['id', 'name', 'email', 'role']).orderBy('created_at').execute();
    },

    async getUser(id: string) {
      return db.selectFrom('auth_users').select(['id', 'name', 'email', 'role']).where('id', '=', id).executeTakeFirst();
    },

    /** A new role ends the account's sessions, so no session carries the old one. */
    setRole: (id: string, role: Role) =>
      write(db, async (trx) => {
        if (role !== 'owner') {
          const owners = await trx.selectFrom('auth_users').select('id').where('role', '=', 'owner').execute();
          if (owners.length === 1 && owners[0]!.id === id) throw new AppError('CONFLICT', 'The site must keep at least one owner.', { fields: { role: ['The last owner must stay owner.'] } });
        }
        await trx.updateTable('auth_users').set({ role, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
        await trx.deleteFrom('auth_sessions').where('user_id', '=', id).execute();
      }),

    /** Removes an account; its byline and posts stay (ownership passes to nobody). */
    removeUser: (id: string) =>
      write(db, async (trx) => {
        const user = await trx.selectFrom('auth_users').select('role').where('id', '=', id).executeTakeFirst();
        if (!user) throw new AppError('NOT_FOUND', 'There is no such account.');
        if (user.role === 'owner') {
          const owners = await trx.selectFrom('auth_users').select('id').where('role', '=', 'owner').execute();
          if (owners.length === 1) throw new AppError('CONFLICT', 'The site must keep at least one owner.');
        }
        await trx.deleteFrom('auth_users').where('id', '=', id).execute();
      }),
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
