'use server';
// A staff member sends the previewed newsletter e-mail to their own address: the same
// composer as the preview and the real send, "[Test]" before the subject, written to the
// outbox and sent by the mail worker through the configured transport (SMTP, or an .eml
// file without it). Never a send of the post: the publish dialog's choice stays open.
import { getTranslations } from 'next-intl/server';
import { testSendInput } from '@/core/newsletters/preview-input';
import { getDatabase } from '@/db/client';
import { enqueueTestSend } from '@/db/newsletters/test-sends';
import { wakeMailWorker } from '@/server/mail/mail-worker';
import { readNewsletterPreview } from '@/server/newsletters/newsletter-preview';
import { allowedActor, formLocale, formText } from '@/server/studio/action-helpers';
import { failedForm, invalidForm, type FormState } from '@/server/studio/form-state';

/** Test sends a staff member may make in an hour. */
const testSendsPerHour = 10;

export async function sendTestEmailAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const newsletter = formText(form, 'newsletter');
  const parsed = testSendInput.safeParse({ post: formText(form, 'post'), version: formText(form, 'version'), ...(newsletter ? { newsletter } : {}) });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    // Who may publish that language of the post may send it to themselves (checked by the preview's read).
    const actor = await allowedActor('studio.enter');
    const { email, version } = await readNewsletterPreview(actor, parsed.data);
    await enqueueTestSend(
      getDatabase(),
      { recipient: actor.email, locale: version, subject: `[Test] ${email.subject}`, html: email.html, text: email.text },
      new Date(),
      testSendsPerHour,
    );
    wakeMailWorker();
    const t = await getTranslations({ locale, namespace: 'studio.newsletters' });
    return { status: 'done', message: t('testSent', { email: actor.email }) };
  } catch (error) {
    return failedForm(locale, error, form);
  }
}
