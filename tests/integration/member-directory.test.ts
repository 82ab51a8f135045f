// The Studio's Members screen on both databases: filters (an address search that takes `%`
// and `_` literally, language, status, newsletter), keyset pages that neither skip nor
// repeat, counts, totals, confirmations per week, a member added by hand (and the same
// address refused), and the CSV export of a filtered list.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { addMemberByHand, confirmationsByDay, countMembers, listMembers, listNewsletterSummaries, memberTotals } from '@/db/members/member-directory';
import { chartStart, weeklyCounts } from '@/core/members/member-directory';
import { recordAddressEvent } from '@/db/members/address-state';
import { membersCsv } from '@/server/studio/members-export';
import { forgetGlobalDatabase, useAsGlobalDatabase } from './helpers/global-database';
import { unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), unstable_cache: <T>(read: T) => read }));

const names = { zh: '双声', en: 'Duet' };

for (const target of testTargets) {
  describe.skipIf(target.skip)(`the Members screen (${target.name})`, () => {
    let t: TestDatabase;
    const tag = unique('dir').toLowerCase();
    const now = new Date();
    let weekly = 0;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      useAsGlobalDatabase(t.db);
      // 60 members added by hand in three languages, then a few changed by hand.
      for (let i = 0; i < 60; i++) {
        const language = (['zh', 'en', 'both'] as const)[i % 3]!;
        await addMemberByHand(t.db, { email: `${tag}-${String(i).padStart(2, '0')}@example.com`, language, newsletters: [] }, names, now);
      }
      await addMemberByHand(t.db, { email: `${tag}-100%_off@example.com`, language: 'en', newsletters: [] }, names, now);
      weekly = 61;
      await t.db.updateTable('members').set({ status: 'unsubscribed' }).where('email', 'like', `${tag}-0%`).execute();
    });
    afterAll(async () => {
      forgetGlobalDatabase();
      await t?.close();
    });

    it('filters by address, language and status, and counts what it filters', async () => {
      expect(await countMembers(t.db, { q: tag })).toBe(61);
      expect(await countMembers(t.db, { q: tag, language: 'both' })).toBe(20);
      expect(await countMembers(t.db, { q: tag, status: 'unsubscribed' })).toBe(10);
      // % and _ are letters of the address, not wildcards.
      expect((await listMembers(t.db, { q: `${tag}-100%_` }, 50)).members.map((m) => m.email)).toEqual([`${tag}-100%_off@example.com`]);
      expect(await countMembers(t.db, { q: `${tag}-1_` })).toBe(0);
      const newsletters = await listNewsletterSummaries(t.db);
      const first = newsletters[0]!;
      expect(await countMembers(t.db, { q: tag, newsletter: first.id })).toBe(61);
      expect(await countMembers(t.db, { q: tag, newsletter: first.id + 1000 })).toBe(0);
    });

    it('pages newest first by keyset, every member once', async () => {
      const seen: string[] = [];
      let before: number | undefined;
      for (let guard = 0; guard < 10; guard++) {
        const page = await listMembers(t.db, { q: tag, before }, 25);
        seen.push(...page.members.map((m) => m.email));
        expect(page.members.every((m) => m.newsletters.length === 1)).toBe(true);
        if (!page.next) break;
        before = page.next;
      }
      expect(seen).toHaveLength(61);
      expect(new Set(seen).size).toBe(61);
      expect(seen[0]).toBe(`${tag}-100%_off@example.com`);
    });

    it('adds a member by hand once, and counts totals and confirmations per week', async () => {
      await expect(addMemberByHand(t.db, { email: `${tag}-00@example.com`, language: 'zh', newsletters: [] }, names, now)).rejects.toMatchObject({ status: 409, fields: { email: [expect.any(String)] } });
      const totals = await memberTotals(t.db);
      expect(totals.status.subscribed).toBeGreaterThanOrEqual(51);
      expect(totals.status.unsubscribed).toBeGreaterThanOrEqual(10);
      const weeks = weeklyCounts(await confirmationsByDay(t.db, chartStart(now)), now);
      expect(weeks.at(-1)!.count).toBeGreaterThanOrEqual(weekly);
    });

    it('finds and counts bounced and complained addresses, whatever their status', async () => {
      const before = await memberTotals(t.db);
      await recordAddressEvent(t.db, { provider: 'smtp', eventId: unique('e'), kind: 'bounced', email: `${tag}-31@example.com` }, now);
      await recordAddressEvent(t.db, { provider: 'mailgun', eventId: unique('e'), kind: 'complained', email: `${tag}-32@example.com` }, now);
      expect((await listMembers(t.db, { q: tag, status: 'bounced' }, 50)).members.map((m) => [m.email, m.status, m.addressState])).toEqual([[`${tag}-31@example.com`, 'subscribed', 'bounced']]);
      expect((await listMembers(t.db, { q: tag, status: 'complained' }, 50)).members.map((m) => [m.email, m.status, m.addressState])).toEqual([[`${tag}-32@example.com`, 'unsubscribed', 'complained']]);
      const totals = await memberTotals(t.db);
      expect(totals.address).toEqual({ bounced: before.address.bounced + 1, complained: before.address.complained + 1 });
      expect(totals.status.unsubscribed).toBe(before.status.unsubscribed + 1);
      await t.db.updateTable('members').set({ address_state: null, status: 'subscribed', unsubscribed_at: null }).where('email', 'in', [`${tag}-31@example.com`, `${tag}-32@example.com`]).execute();
    });

    it('exports a filtered list as CSV, a batch at a time', async () => {
      const answer = membersCsv(new URLSearchParams({ q: tag, status: 'unsubscribed' }));
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const text = await answer.text();
      const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('email,language,status,newsletters,created_at,confirmed_at,unsubscribed_at');
      expect(lines).toHaveLength(11);
      expect(lines[1]).toMatch(new RegExp(`^${tag}-00@example.com,zh,unsubscribed,Duet,`));
    });
  });
}
