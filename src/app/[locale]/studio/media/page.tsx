// The media library: upload (with progress) and everything uploaded, newest first.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LibraryUploader } from '@/components/studio/library-uploader';
import { StudioForm } from '@/components/studio/studio-form';
import { StudioFrame } from '@/components/studio/studio-frame';
import editor from '@/components/studio/editor.module.css';
import styles from '@/components/studio/studio.module.css';
import { can } from '@/core/auth/permissions';
import { getDatabase } from '@/db/client';
import { createStudioAdmin } from '@/db/repositories/studio-admin';
import { isLocale, locales } from '@/i18n/routing';
import { saveMediaTextsAction } from '../manage-actions';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/media'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.media' });
  return { title: await pageTitle(locale, t('title')) };
}

export default async function MediaPage({ params }: PageProps<'/[locale]/studio/media'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const [t, mm, langs, forms, manage] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.media' }),
    getTranslations({ locale, namespace: 'studio.manage.media' }),
    getTranslations({ locale, namespace: 'studio.languages' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
    getTranslations({ locale, namespace: 'studio.manage' }),
  ]);
  const items = await createStudioAdmin(getDatabase()).listMedia({ limit: 120 });
  const size = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  return (
    <StudioFrame locale={locale} actor={actor} path="/media">
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      {can(actor, 'media.upload') && (
        <LibraryUploader locale={locale} />
      )}
      {items.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul className={editor.mediaGrid}>
          {items.map((m) => (
            <li key={m.id} className={editor.mediaItem}>
              {m.kind === 'image' && (
                <img src={m.path} alt={m.alt[locale] ?? ''} width={m.width ?? undefined} height={m.height ?? undefined} loading="lazy" />
              )}
              <span className={styles.badge}>{m.kind}</span>
              <code className={styles.breakAll}>{m.path}</code>
              <span className={styles.muted}>
                {m.mime} · {size.format(m.bytes / 1024)}
                {m.width && m.height ? ` · ${m.width}×${m.height}` : ''}
              </span>
              {can(actor, 'media.edit', { kind: 'media', uploadedBy: m.uploadedBy }) && (m.kind === 'image' || m.kind === 'video') && (
                <details>
                  <summary>{mm('describe')}</summary>
                  <StudioForm
                    action={saveMediaTextsAction}
                    locale={locale}
                    idPrefix={`media-${m.id}`}
                    submitLabel={manage('save')}
                    pendingLabel={forms('saving')}
                    fields={[
                      { name: 'mediaId', type: 'hidden', label: '', defaultValue: String(m.id) },
                      ...locales.map((l) => ({ name: `alt.${l}`, label: mm('alt', { language: langs(l) }), defaultValue: m.alt[l], lang: l })),
                      ...locales.map((l) => ({ name: `caption.${l}`, label: mm('caption', { language: langs(l) }), defaultValue: m.caption[l], lang: l })),
                    ]}
                  />
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </StudioFrame>
  );
}
