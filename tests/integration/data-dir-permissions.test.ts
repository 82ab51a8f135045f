// What DATA_DIR holds that must stay private (password hashes and sessions in the
// database, the session secret, the revalidation token) is readable by its owner only.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@/db/client';
import { migrateToLatest } from '@/db/migrate';
import { authSecret } from '@/server/auth/auth';
import { readOrCreateRevalidateToken } from '@/server/revalidate-token';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('DATA_DIR permissions', () => {
  const root = mkdtempSync(join(tmpdir(), 'duet-perms-'));
  const dir = join(root, 'data');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates the database, its journal files, the secret and the token owner-only', async () => {
    const db = createDatabase({ url: '', dataDir: dir });
    await migrateToLatest(db);
    authSecret(dir);
    readOrCreateRevalidateToken(dir);
    expect(mode(dir)).toBe(0o700);
    for (const file of ['duet.db', 'duet.db-wal', 'duet.db-shm', 'auth.secret', 'revalidate.token']) {
      expect(mode(join(dir, file)), file).toBe(0o600);
    }
    await db.destroy();
  });
});
