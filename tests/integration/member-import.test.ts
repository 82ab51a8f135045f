// A members import from other platforms' exports on both databases. The files in
// fixtures/member-exports carry each platform's real header (Ghost's Members → Export as its
// own exporter tests spell it, Substack's subscriber export as Ghost's Substack migrator
// reads it, Mailchimp's three audience files with its column names, a BOM and CRLF). A dry
// run reports exactly what the import then does; the import leaves existing members alone,
// and a second run adds nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportQuery } from '@/core/members/member-import';
import { migrateToLatest } from '@/db/migrate';
import { importMembersCsv } from '@/server/studio/member-import';
import { forgetGlobalDatabase, useAsGlobalDatabase } from './helpers/global-database';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), unstable_cache: <T>(read: T) => read }));

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', 'member-exports', name));
const stream = (bytes: Uint8Array) => new Response(new Blob([bytes as Uint8Array<ArrayBuffer>])).body;
const run = (file: string | Uint8Array, query: Partial<ImportQuery> = {}) =>
  importMembersCsv(stream(typeof file === 'string' ? fixture(file) : file), { mode: 'apply', language: 'zh', ...query });

for (const target of testTargets) {
  describe.skipIf(target.skip)(`members import (${target.name})`, () => {
    let t: TestDatabase;
    const member = (email: string) => t.db.selectFrom('members').selectAll().where('email', '=', email).executeTakeFirst();
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      useAsGlobalDatabase(t.db);
      await t.db.deleteFrom('members').execute();
    });
    afterAll(async () => {
      forgetGlobalDatabase();
      await t?.close();
    });

    it('reads a Ghost export: a dry run tells what the import then does, and a second import adds nothing', async () => {
      const dry = await run('ghost-members.csv', { mode: 'dry-run', language: 'en' });
      expect(dry).toMatchObject({ format: 'ghost', mode: 'dry-run', rows: 5, subscribed: 2, unsubscribed: 1, existing: 0, skipped: { deleted: 1, 'invalid-email': 1 } });
      expect(dry.problems).toEqual([{ line: 6, reason: 'invalid-email' }]);
      expect(await member('grace@example.com')).toBeUndefined();

      const applied = await run('ghost-members.csv', { language: 'en' });
      expect({ ...applied, mode: 'dry-run' }).toEqual(dry);
      expect(await member('grace@example.com')).toMatchObject({ language: 'en', status: 'subscribed', created_at: '2024-01-15T10:00:00.000Z', confirmed_at: '2024-01-15T10:00:00.000Z' });
      expect(await member('quiet@example.com')).toMatchObject({ status: 'unsubscribed' });
      expect(await member('gone@example.com')).toBeUndefined();
      const newsletters = await t.db.selectFrom('member_newsletters').innerJoin('members', 'members.id', 'member_newsletters.member_id').select('members.email').execute();
      expect(newsletters.map((n) => n.email).sort()).toEqual(['grace@example.com', 'quiet@example.com', 'reader@example.com']);

      expect(await run('ghost-members.csv', { language: 'en' })).toMatchObject({ subscribed: 0, unsubscribed: 0, existing: 3 });
      expect(Number((await t.db.selectFrom('members').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(3);
    });

    it('reads a Substack export, leaving a member who is already here as they are', async () => {
      const report = await run('substack-subscribers.csv', { language: 'both' });
      expect(report).toMatchObject({ format: 'substack', rows: 3, subscribed: 1, unsubscribed: 1, existing: 1 });
      // reader@ came from Ghost in English: not changed by Substack's row.
      expect(await member('reader@example.com')).toMatchObject({ language: 'en', created_at: '2024-03-02T08:30:00.000Z' });
      expect(await member('paid@example.com')).toMatchObject({ language: 'both', status: 'subscribed' });
      expect(await member('muted@example.com')).toMatchObject({ status: 'unsubscribed' });
    });

    it('reads Mailchimp’s three files: subscribed, unsubscribed with its time, cleaned left out', async () => {
      expect(await run('mailchimp-subscribed_members_export.csv')).toMatchObject({ format: 'mailchimp', subscribed: 2 });
      expect(await member('wei@example.cn')).toMatchObject({ language: 'zh', status: 'subscribed', created_at: '2023-02-01T09:00:00.000Z', confirmed_at: '2023-02-01T09:05:00.000Z' });
      expect(await run('mailchimp-unsubscribed_members_export.csv')).toMatchObject({ unsubscribed: 1 });
      expect(await member('left@example.com')).toMatchObject({ status: 'unsubscribed', unsubscribed_at: '2023-05-05T05:05:05.000Z' });
      expect(await run('mailchimp-cleaned_members_export.csv')).toMatchObject({ subscribed: 0, skipped: { cleaned: 1 } });
      expect(await member('bounced@example.com')).toBeUndefined();
    });

    it('takes any CSV with an email column, its language column, and repeats once', async () => {
      const csv = 'Email,Language\nyi@example.com,中文\nyi@example.com,English\nbi@example.com,zh+en\n';
      expect(await run(new TextEncoder().encode(csv), { language: 'en' })).toMatchObject({ format: 'generic', subscribed: 2, repeated: 1 });
      expect(await member('yi@example.com')).toMatchObject({ language: 'zh' });
      expect(await member('bi@example.com')).toMatchObject({ language: 'both' });
    });

    it('refuses a file without an e-mail column, an unknown newsletter, and a file past the limit, adding nothing', async () => {
      await expect(run(new TextEncoder().encode('name,phone\nAnn,123\n'))).rejects.toMatchObject({ status: 400, fields: { file: [expect.any(String)] } });
      await expect(run(new TextEncoder().encode('email\nx@example.com\n'), { newsletter: 99_999 })).rejects.toMatchObject({ status: 400, fields: { newsletter: [expect.any(String)] } });
      const huge = new TextEncoder().encode(`email\n${'a'.repeat(21 * 1024 * 1024)}\n`);
      await expect(run(huge)).rejects.toMatchObject({ status: 413 });
      expect(await member('x@example.com')).toBeUndefined();
    });
  });
}
