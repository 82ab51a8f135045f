// Newsletters as the Studio edits them, on both databases: created and changed with their
// words in each language, a bad reply-to refused by the input, the last default kept, and
// member counts per newsletter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterInput, type NewsletterInput } from '@/core/newsletters/newsletter-input';
import { migrateToLatest } from '@/db/migrate';
import { addMemberByHand } from '@/db/members/member-directory';
import { listNewsletterSettings, saveNewsletter } from '@/db/newsletters/newsletter-settings';
import { unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const weekly: NewsletterInput = { nameZh: '双声周刊', nameEn: 'Duet Weekly', descriptionZh: '每周一封。', descriptionEn: 'Once a week.', senderName: '', replyTo: 'editor@example.com', isDefault: true };

for (const target of testTargets) {
  describe.skipIf(target.skip)(`newsletter settings (${target.name})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
    });
    afterAll(async () => t?.close());

    it('creates and changes newsletters, keeping one default, and counts their members', async () => {
      const now = new Date();
      const first = await saveNewsletter(t.db, null, weekly, now);
      const second = await saveNewsletter(t.db, null, { ...weekly, nameZh: '长文', nameEn: 'Long reads', isDefault: false, replyTo: '' }, now);
      await expect(saveNewsletter(t.db, first, { ...weekly, isDefault: false }, now)).rejects.toMatchObject({ status: 400, reason: 'last-default-newsletter', fields: { isDefault: [expect.any(String)] } });
      await saveNewsletter(t.db, second, { ...weekly, nameZh: '长文', nameEn: 'Long reads', isDefault: true, senderName: 'Duet Editors', replyTo: '' }, now);
      await saveNewsletter(t.db, first, { ...weekly, isDefault: false }, now);
      await addMemberByHand(t.db, { email: `${unique('n')}@example.com`.toLowerCase(), language: 'zh', newsletters: [second] }, { zh: '双声', en: 'Duet' }, now);
      const list = await listNewsletterSettings(t.db);
      expect(list.find((n) => n.id === first)).toMatchObject({ nameEn: 'Duet Weekly', isDefault: false, replyTo: 'editor@example.com', members: 0 });
      expect(list.find((n) => n.id === second)).toMatchObject({ nameZh: '长文', senderName: 'Duet Editors', isDefault: true, replyTo: '', members: 1 });
      await expect(saveNewsletter(t.db, 99_999, weekly, now)).rejects.toMatchObject({ status: 404 });
    });

    it('refuses a reply-to that is not an address and an empty name', () => {
      const bad = newsletterInput.safeParse({ ...weekly, replyTo: 'not an address', nameEn: ' ' });
      expect(bad.success).toBe(false);
      expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['nameEn', 'replyTo']);
    });
  });
}
