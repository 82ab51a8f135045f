// The language switcher: a plain link to the same page in the other language. It needs
// no JavaScript; the proxy remembers the choice in the NEXT_LOCALE cookie on arrival.
import { getTranslations } from 'next-intl/server';
import { otherLocale, type Locale } from '@/core/locales';
import type { LocalePaths } from '@/server/alternates';

export async function LocaleSwitcher({ locale, paths }: { locale: Locale; paths: LocalePaths }) {
  const t = await getTranslations({ locale, namespace: 'switcher' });
  const target = otherLocale(locale);
  const href = paths[target] ?? `/${target}`;
  return (
    <a className="locale-switcher" href={href} hrefLang={target} lang={target} rel="alternate">
      <span aria-hidden="true" className="locale-switcher__icon">
        文A
      </span>
      {t('switchTo')}
    </a>
  );
}
