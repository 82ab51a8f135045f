// Accepting an invite: choose a name and a password; the role and e-mail come from it.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StudioForm } from '@/components/studio/studio-form';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { ensureDatabase } from '@/server/ensure-database';
import { isLocale } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { acceptInviteAction } from '@/server/studio/actions/studio-actions';
import { findInvite } from '@/server/studio/studio-reads';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/invite/[token]'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.invite' });
  return { title: await pageTitle(locale, t('title')), referrer: 'no-referrer' };
}

export default async function InvitePage({ params }: PageProps<'/[locale]/studio/invite/[token]'>) {
  const { locale, token } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  await ensureDatabase();
  const invite = await findInvite(token);
  const [t, roles, forms, setup] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.invite' }),
    getTranslations({ locale, namespace: 'studio.roles' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
    getTranslations({ locale, namespace: 'studio.setup' }),
  ]);
  return (
    <StudioFrame locale={locale} actor={null} path={`/invite/${token}`}>
      <div className={styles.narrow}>
        <h1 className={styles.pageTitle}>{t('title')}</h1>
        {invite ? (
          <>
            <p>{t('intro', { role: roles(invite.role) })}</p>
            <p className={styles.muted}>{invite.email}</p>
            <StudioForm
              action={acceptInviteAction}
              locale={locale}
              submitLabel={t('submit')}
              pendingLabel={forms('saving')}
              fields={[
                { name: 'token', type: 'hidden', label: '', defaultValue: token },
                { name: 'name', label: t('name'), autoComplete: 'name', required: true },
                { name: 'password', label: t('password'), type: 'password', autoComplete: 'new-password', hint: setup('passwordHint'), required: true },
              ]}
            />
          </>
        ) : (
          <p className={styles.formError} role="alert">{t('invalid')}</p>
        )}
      </div>
    </StudioFrame>
  );
}
