// The Studio's newsletter preview and test send, on both databases: the preview is the
// mail worker's own e-mail for the post (the text as publishing would send it, the
// bilingual one for `both`), seen only by who may publish that language; a test send goes
// to the staff member's own address through the outbox, "[Test]" before the subject, is
// never the post's send (publishing with the newsletter afterwards still sends), and
// stops at ten an hour with a notice in the Studio's language.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderDocument } from '@/core/markdown/render-document';
import { previewDocument } from '@/core/newsletters/preview-input';
import { makePublishInput } from '@/core/studio/post-inputs';
import type { Db } from '@/db/client';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';
import { createAccount } from '@/server/auth/accounts';
import type { StudioUser } from '@/server/auth/session';
import { deliverDueEmails } from '@/server/mail/deliver-outbox';
import { createMailSender, outboxDir } from '@/server/mail/mail-transport';
import { createNewsletterComposer } from '@/server/newsletters/compose-newsletter';
import { makePost, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', async () => (await import('./helpers/next-doubles')).nextCacheDouble);
vi.mock('next-intl/server', async () => (await import('./helpers/next-doubles')).nextIntlDouble);
const signedIn: { actor: StudioUser | null } = { actor: null };
// The session is not what is tested: the form is sent by the account set here.
vi.mock('@/server/studio/action-helpers', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/server/studio/action-helpers')>()),
  allowedActor: async () => signedIn.actor,
}));

const { readNewsletterPreview } = await import('@/server/newsletters/newsletter-preview');
const { sendTestEmailAction } = await import('@/server/studio/actions/newsletter-test-actions');

function useAsSiteDatabase(db: Db | undefined): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('duet.database')] = db;
}

function testForm(fields: Record<string, string>, locale = 'en'): FormData {
  const form = new FormData();
  form.set('$locale', locale);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`newsletter preview and test send (${target.name})`, () => {
    let t: TestDatabase;
    let owner: StudioUser;
    let translator: StudioUser;
    let author: StudioUser;

    beforeAll(async () => {
      vi.stubEnv('SITE_URL', 'http://localhost:4011');
      t = await target.open();
      await migrateToLatest(t.db);
      useAsSiteDatabase(t.db);
      const account = async (role: StudioUser['role']) => {
        const email = `${unique(role)}@example.com`.toLowerCase();
        const { id } = await createAccount(t.db, { name: role, email, password: 'long enough pw', role });
        return { id, role, authorId: null, name: role, email } satisfies StudioUser;
      };
      [owner, translator, author] = [await account('owner'), await account('translator'), await account('author')];
      await t.db.insertInto('newsletters').values({ name_zh: '双声周刊', name_en: 'Duet Weekly', is_default: 1, created_at: new Date().toISOString() }).execute();
    });
    afterAll(async () => {
      useAsSiteDatabase(undefined);
      vi.unstubAllEnvs();
      await t?.close();
    });

    /** Chinese written but not published; English live. */
    async function post() {
      const slug = unique('pv');
      const made = await makePost(createContentRepository(t.db, renderDocument), {
        status: 'draft',
        publishedAt: null,
        translations: {
          zh: { slug: `zh-${slug}`, title: `茶与时间 ${slug}`, excerpt: '摘要', body: '第一段。\n\n## 慢慢来\n\n第二段：慢慢来。', state: 'draft' },
          en: { slug, title: `Tea and Time ${slug}`, excerpt: 'Excerpt', body: 'First paragraph.\n\nSecond paragraph: take it slowly.', state: 'draft' },
        },
      });
      await createPublishingRepository(t.db, renderDocument).act(makePublishInput(new Date()).parse({ postId: made.id, locale: 'en', action: 'publish' }), owner.id);
      return { id: made.id, slug };
    }

    it('shows the e-mail a member gets: the unpublished Chinese text, the English one, and both paired', async () => {
      const { id, slug } = await post();
      const zh = await readNewsletterPreview(owner, { post: id, version: 'zh' });
      expect(zh.versions).toEqual(['zh', 'en', 'both']);
      expect(zh.email).toMatchObject({ subject: `茶与时间 ${slug}`, language: 'zh', fromName: expect.any(String) });
      expect(zh.email.html).toContain('第二段：慢慢来。');
      expect(zh.email.html).toContain('双声周刊');
      expect(zh.email.html).toContain('http://localhost:4011/zh/posts/zh-');
      const en = await readNewsletterPreview(owner, { post: id, version: 'en' });
      expect(en.email).toMatchObject({ subject: `Tea and Time ${slug}`, language: 'en' });
      expect(en.email.html).toContain('Duet Weekly');
      const both = await readNewsletterPreview(owner, { post: id, version: 'both' });
      expect(both.email).toMatchObject({ subject: `茶与时间 ${slug} / Tea and Time ${slug}`, language: 'zh, en' });
      expect(both.email.html).toContain('第二段：慢慢来。');
      expect(both.email.html).toContain('Second paragraph: take it slowly.');
      // The dark toggle turns the e-mail's own dark rule on; light turns it off.
      expect(previewDocument(zh.email.html, 'dark')).toMatch(/@media all \{\s*body, \.outer \{\s*background: #0b0b0c !important;/);
      expect(previewDocument(zh.email.html, 'light')).toContain('@media not all {');
      expect(previewDocument(zh.email.html, 'light')).not.toContain('prefers-color-scheme');
    });

    it('is refused to who may not publish that language of the post', async () => {
      const { id } = await post();
      await expect(readNewsletterPreview(translator, { post: id, version: 'zh' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(readNewsletterPreview(author, { post: id, version: 'en' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(readNewsletterPreview(owner, { post: id, version: 'zh', newsletter: 999_999 })).rejects.toMatchObject({ reason: 'no-newsletter' });
      signedIn.actor = translator;
      const refused = await sendTestEmailAction({ status: 'idle' }, testForm({ post: String(id), version: 'zh' }));
      expect(refused).toMatchObject({ status: 'error', message: 'Your role does not allow this.' });
    });

    it('sends a test to the staff member only, marked [Test], never as the post’s send, ten an hour', async () => {
      rmSync(outboxDir(t.dataDir), { recursive: true, force: true });
      const { id, slug } = await post();
      signedIn.actor = owner;
      const done = await sendTestEmailAction({ status: 'idle' }, testForm({ post: String(id), version: 'both' }, 'zh'));
      expect(done).toEqual({ status: 'done', message: `测试邮件正在发往 ${owner.email}。` });
      const sender = createMailSender({ NODE_ENV: 'test' }, t.dataDir);
      expect(await deliverDueEmails({ db: t.db, sender, fromNameOf: () => 'Duet', compose: createNewsletterComposer(t.db) })).toBe(1);
      const files = readdirSync(outboxDir(t.dataDir)).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const mail = await simpleParser(readFileSync(join(outboxDir(t.dataDir), files[0]!)));
      expect(mail.subject).toBe(`[Test] 茶与时间 ${slug} / Tea and Time ${slug}`);
      expect((Array.isArray(mail.to) ? mail.to[0] : mail.to)!.text).toBe(owner.email);
      expect(mail.headers.get('content-language')).toBe('zh, en');
      expect(mail.html).toContain('Second paragraph: take it slowly.');
      expect(mail.text).toContain('第二段：慢慢来。');

      // Not the post's send: nothing recorded, and publishing with the newsletter still sends.
      expect(await t.db.selectFrom('newsletter_sends').select('id').where('post_id', '=', id).execute()).toEqual([]);
      const published = await createPublishingRepository(t.db, renderDocument).act(
        makePublishInput(new Date()).parse({ postId: id, locale: 'zh', action: 'publish', newsletter: 'default' }),
        owner.id,
      );
      expect(published.events.map((e) => e.type)).toContain('published');
      expect(await t.db.selectFrom('newsletter_sends').select('state').where('post_id', '=', id).execute()).toEqual([{ state: 'queued' }]);

      for (let i = 1; i < 10; i += 1) expect(await sendTestEmailAction({ status: 'idle' }, testForm({ post: String(id), version: 'en' }))).toMatchObject({ status: 'done' });
      const limited = await sendTestEmailAction({ status: 'idle' }, testForm({ post: String(id), version: 'en' }));
      expect(limited).toMatchObject({ status: 'error', message: 'You have sent ten test e-mails in the last hour: try again later.' });
      const rows = await t.db.selectFrom('email_outbox').select(['recipient']).where('kind', '=', 'newsletter-test').execute();
      expect(rows.map((r) => r.recipient)).toEqual(Array(10).fill(owner.email));
    });
  });
}
