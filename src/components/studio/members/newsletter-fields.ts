// The fields of a newsletter's form on the Newsletters screen, filled from the newsletter
// (or empty for a new one).
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import type { NewsletterSettings } from '@/core/newsletters/newsletter-input';
import type { FormField } from '../studio-form';

export async function newsletterFields(locale: Locale, newsletter?: NewsletterSettings): Promise<FormField[]> {
  const t = await getTranslations({ locale, namespace: 'studio.newsletters' });
  return [
    { name: 'id', type: 'hidden', label: '', defaultValue: newsletter ? String(newsletter.id) : '' },
    { name: 'nameZh', label: t('nameZh'), defaultValue: newsletter?.nameZh, required: true, lang: 'zh' },
    { name: 'nameEn', label: t('nameEn'), defaultValue: newsletter?.nameEn, required: true, lang: 'en' },
    { name: 'descriptionZh', label: t('descriptionZh'), type: 'textarea', defaultValue: newsletter?.descriptionZh, lang: 'zh' },
    { name: 'descriptionEn', label: t('descriptionEn'), type: 'textarea', defaultValue: newsletter?.descriptionEn, lang: 'en' },
    { name: 'senderName', label: t('senderName'), defaultValue: newsletter?.senderName },
    { name: 'replyTo', label: t('replyTo'), type: 'email', defaultValue: newsletter?.replyTo },
    {
      name: 'isDefault',
      label: t('isDefault'),
      type: 'select',
      defaultValue: newsletter?.isDefault ? 'yes' : 'no',
      options: [
        { value: 'yes', label: t('defaultYes') },
        { value: 'no', label: t('defaultNo') },
      ],
    },
  ];
}
