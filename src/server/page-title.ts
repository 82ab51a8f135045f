// A page's document title: its own title, then the site name.
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';

export async function pageTitle(locale: Locale, title: string): Promise<{ absolute: string }> {
  const t = await getTranslations({ locale, namespace: 'site' });
  return { absolute: `${title} · ${t('name')}` };
}
