// `duet create-api-key <email> <content|admin> [name]`: a key for a server with no browser
// at hand (a deploy script, a benchmark). It acts for the account of <email>, an owner or
// admin, like a key made in Studio › Integrations; the key is printed once, on stdout.
import type { CliIo } from '../cli-io';
import { apiKeyScopes, createApiKeyInput } from '@/core/api-keys/api-key';
import { createDatabase } from '@/db/client';
import { migrateToLatest } from '@/db/migrate';
import { createAccountRepository } from '@/db/repositories/accounts';
import { createApiKeysRepository } from '@/db/repositories/api-keys';
import { can, isRole } from '@/core/auth/permissions';

export const apiKeyUsage = `  create-api-key <email> <${apiKeyScopes.join('|')}> [name]
            make an API key acting for that owner's or admin's account
            and print it (once: only its hash is kept)`;

const exit = { ok: 0, failed: 1, usage: 2 } as const;

export async function createApiKeyCommand(io: CliIo, dataDir: string, [email = '', scope = '', name]: string[]): Promise<number> {
  const parsed = createApiKeyInput.safeParse({ name: name ?? `${scope} key`, scope, allowedOrigins: [] });
  if (!parsed.success) {
    io.stderr.write(`"${scope}" is not a key scope. Scopes: ${apiKeyScopes.join(', ')}.\n`);
    return exit.usage;
  }
  const db = createDatabase({ url: io.env.DATABASE_URL, dataDir });
  try {
    await migrateToLatest(db);
    const user = await createAccountRepository(db).findByEmail(email.trim().toLowerCase());
    if (!user || !isRole(user.role) || !can({ id: user.id, role: user.role }, 'apikey.manage')) {
      io.stderr.write(`duet create-api-key: ${email} is not the e-mail address of an owner or admin.\n`);
      return exit.failed;
    }
    const { key } = await createApiKeysRepository(db).create(parsed.data, user.id);
    io.stdout.write(`${key}\n`);
    return exit.ok;
  } finally {
    await db.destroy();
  }
}
