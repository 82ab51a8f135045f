'use server';
// A site manager creates or changes a newsletter (names, descriptions, sender, reply-to,
// default), and sets how many newsletter e-mails go out a minute (the send rate). Reading pages do not show newsletters (only members' own pages and the
// e-mails do, both made per request), so no cached page changes.
import { newsletterInput } from '@/core/newsletters/newsletter-input';
import { getDatabase } from '@/db/client';
import { saveNewsletter } from '@/db/newsletters/newsletter-settings';
import { sendRateInput } from '@/core/newsletters/send-rate';
import { saveSendRate } from '@/db/newsletters/send-rate';
import { allowedActor, formLocale, formText, savedState } from '@/server/studio/action-helpers';
import { failedForm, invalidForm, type FormState } from '@/server/studio/form-state';

export async function saveNewsletterAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const id = formText(form, 'id');
  const parsed = newsletterInput.safeParse({
    nameZh: formText(form, 'nameZh'),
    nameEn: formText(form, 'nameEn'),
    descriptionZh: formText(form, 'descriptionZh'),
    descriptionEn: formText(form, 'descriptionEn'),
    senderName: formText(form, 'senderName'),
    replyTo: formText(form, 'replyTo'),
    isDefault: formText(form, 'isDefault') === 'yes',
  });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowedActor('member.manage');
    await saveNewsletter(getDatabase(), /^\d+$/.test(id) ? Number(id) : null, parsed.data, new Date());
    return savedState(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function saveSendRateAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = sendRateInput.safeParse({ perMinute: formText(form, 'perMinute').trim() });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowedActor('settings.manage');
    await saveSendRate(getDatabase(), parsed.data.perMinute);
    return savedState(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}
