// The key of members' unsubscribe links: 32 random bytes made on first use and kept in
// `site_secrets` (a table no export or backup of the content copies), so every instance
// sharing the database signs and checks the same links, and a link in an e-mail sent a
// year ago still works.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

const name = 'member-link-key';

export async function readLinkKey(db: Kysely<Database>, now = new Date()): Promise<string> {
  const found = await db.selectFrom('site_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (found) return found.value;
  // Two instances at once: the first insert wins, both read it back.
  await db
    .insertInto('site_secrets')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('site_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
