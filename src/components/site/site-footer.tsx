// The footer of every page: the site's name, the owner's profiles elsewhere, and the credit.
import { getTranslations } from 'next-intl/server';
import type { SiteIdentity } from '@/server/site/site-identity';

export async function SiteFooter({ site }: { site: SiteIdentity }) {
  const t = await getTranslations({ locale: site.locale, namespace: 'footer' });
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>{t('copyright', { year: new Date().getFullYear(), site: site.name })}</p>
        {site.socialLinks.length > 0 && (
          <ul className="site-footer__links" aria-label={t('elsewhere')}>
            {site.socialLinks.map((link) => (
              <li key={`${link.label}-${link.href}`}>
                {/* rel="me": the profile belongs to the owner of this site (IndieWeb verification). */}
                <a href={link.href} rel="me noopener">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="site-footer__muted">{t('poweredBy')}</p>
      </div>
    </footer>
  );
}
