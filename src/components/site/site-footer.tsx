// The footer of every page.
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';

export async function SiteFooter({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale });
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>{t('footer.copyright', { year: new Date().getFullYear(), site: t('site.name') })}</p>
        <p className="site-footer__muted">{t('footer.poweredBy')}</p>
      </div>
    </footer>
  );
}
