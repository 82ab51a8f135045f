// One's own account: the picture on one's author page, and the password (changing it
// ends every other session).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ProfilePictureSection } from '@/components/studio/profile-picture-section';
import { StudioForm } from '@/components/studio/studio-form';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { isLocale } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';
import { saveProfilePictureAction } from '@/server/studio/actions/account-actions';
import { changePasswordAction } from '@/server/studio/actions/manage-actions';
import { findProfilePictureOf, listMedia } from '@/server/studio/studio-reads';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/account'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.manage.account' });
  return { title: await pageTitle(locale, t('title')) };
}

export default async function AccountPage({ params, searchParams }: PageProps<'/[locale]/studio/account'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const changed = (await searchParams).changed !== undefined;
  const [t, roles, setup, forms, manage, pictureId, images] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.manage.account' }),
    getTranslations({ locale, namespace: 'studio.roles' }),
    getTranslations({ locale, namespace: 'studio.setup' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
    getTranslations({ locale, namespace: 'studio.manage' }),
    findProfilePictureOf(actor.id),
    listMedia({ limit: 120, kinds: ['image'] }),
  ]);
  return (
    <StudioFrame locale={locale} actor={actor} path="/account">
      <div className={styles.narrow}>
        <h1 className={styles.pageTitle}>{t('title')}</h1>
        <p>
          {actor.name} · {actor.email} · {roles(actor.role)}
        </p>
        <ProfilePictureSection locale={locale} pictureId={pictureId} images={images} action={saveProfilePictureAction} />
        <h2 className={styles.label}>{t('passwordTitle')}</h2>
        <p className={styles.muted}>{t('hint')}</p>
        {changed && (
          <p className={styles.notice} role="status">
            {manage('saved')}
          </p>
        )}
        <StudioForm
          action={changePasswordAction}
          locale={locale}
          submitLabel={t('change')}
          pendingLabel={forms('saving')}
          fields={[
            { name: 'currentPassword', type: 'password', label: t('current'), autoComplete: 'current-password', required: true },
            { name: 'newPassword', type: 'password', label: t('new'), autoComplete: 'new-password', hint: setup('passwordHint'), required: true },
          ]}
        />
      </div>
    </StudioFrame>
  );
}
