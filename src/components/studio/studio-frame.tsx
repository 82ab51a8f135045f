// The Studio's chrome: its own header (sections the account may open, the review queue
// with its count, the language switch, sign out) around a wide working area.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { can } from '@/core/auth/permissions';
import { logoutAction } from '@/server/studio/actions/studio-actions';
import { otherLocale, type Locale } from '@/core/locales';
import type { StudioUser } from '@/server/auth/session';
import { countPendingReviewsFor } from '@/server/studio/pending-reviews';
import styles from './studio.module.css';

interface Props {
  locale: Locale;
  actor: StudioUser | null;
  /** This page's path after /{locale}, for the language switch. */
  path: string;
  children: ReactNode;
}

export async function StudioFrame({ locale, actor, path, children }: Props) {
  const t = await getTranslations({ locale, namespace: 'studio' });
  const other = otherLocale(locale);
  const switcher = await getTranslations({ locale, namespace: 'switcher' });
  // Those who may publish anyone's text see how many requests wait for them.
  const reviews = await countPendingReviewsFor(actor);
  return (
    <div className={styles.studio}>
      <header className={styles.header}>
        <nav aria-label={t('nav.label')} className={styles.nav}>
          <Link href={`/${locale}/studio`} className={styles.brand}>
            Duet · {t('title')}
          </Link>
          {actor && (
            <ul className={styles.navList}>
              <li>
                <Link href={`/${locale}/studio`}>{t('nav.posts')}</Link>
              </li>
              {reviews !== null && (
                <li>
                  <Link href={`/${locale}/studio?status=review`}>
                    {t('nav.reviews')} <span className={styles.count}>{reviews}</span>
                    <span className="sr-only"> {t('nav.reviewsWaiting', { count: reviews })}</span>
                  </Link>
                </li>
              )}
              <li>
                <Link href={`/${locale}/studio/translations`}>{t('nav.translations')}</Link>
              </li>
              {can(actor, 'media.upload') && (
                <li>
                  <Link href={`/${locale}/studio/media`}>{t('nav.media')}</Link>
                </li>
              )}
              {can(actor, 'tag.manage') && (
                <li>
                  <Link href={`/${locale}/studio/tags`}>{t('nav.tags')}</Link>
                </li>
              )}
              {can(actor, 'glossary.view') && (
                <li>
                  <Link href={`/${locale}/studio/glossary`}>{t('nav.glossary')}</Link>
                </li>
              )}
              <li>
                <Link href={`/${locale}/studio/authors`}>{t('nav.authors')}</Link>
              </li>
              {can(actor, 'member.view') && (
                <li>
                  <Link href={`/${locale}/studio/members`}>{t('nav.members')}</Link>
                </li>
              )}
              {can(actor, 'fediverse.manage') && (
                <li>
                  <Link href={`/${locale}/studio/fediverse`}>{t('nav.fediverse')}</Link>
                </li>
              )}
              {can(actor, 'user.invite') && (
                <li>
                  <Link href={`/${locale}/studio/users`}>{t('nav.users')}</Link>
                </li>
              )}
              {can(actor, 'settings.manage') && (
                <li>
                  <Link href={`/${locale}/studio/settings`}>{t('nav.settings')}</Link>
                </li>
              )}
              {can(actor, 'site.transfer') && (
                <li>
                  <Link href={`/${locale}/studio/site`}>{t('nav.transfer')}</Link>
                </li>
              )}
              {(can(actor, 'apikey.manage') || can(actor, 'webhook.manage')) && (
                <li>
                  <Link href={`/${locale}/studio/integrations`}>{t('webhooks.navIntegrations')}</Link>
                </li>
              )}
              <li>
                <Link href={`/${locale}/studio/account`}>{t('nav.account')}</Link>
              </li>
              <li>
                <a href={`/${locale}`}>{t('nav.site')}</a>
              </li>
            </ul>
          )}
          <div className={styles.navEnd}>
            <a href={`/${other}/studio${path}`} hrefLang={other} lang={other} className={styles.switch}>
              {switcher('otherName')}
            </a>
            {actor && (
              <form action={logoutAction}>
                <input type="hidden" name="$locale" value={locale} />
                <button type="submit" className={styles.linkButton} title={t('nav.signedInAs', { name: actor.name, role: t(`roles.${actor.role}`) })}>
                  {t('nav.signOut')}
                </button>
              </form>
            )}
          </div>
        </nav>
      </header>
      <main id="content" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
