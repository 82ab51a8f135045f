// Tags: a name, a slug and a description per language, and a stable key.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StudioForm, type FormField } from '@/components/studio/studio-form';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { can } from '@/core/auth/permissions';
import type { Tag } from '@/core/content/types';
import { isLocale, locales } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';
import { saveTagAction } from '@/server/studio/actions/manage-actions';
import { listTags } from '@/server/studio/studio-reads';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/tags'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.manage.tags' });
  return { title: await pageTitle(locale, t('title')) };
}

export default async function TagsPage({ params }: PageProps<'/[locale]/studio/tags'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const [t, m, langs, forms] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.manage.tags' }),
    getTranslations({ locale, namespace: 'studio.manage' }),
    getTranslations({ locale, namespace: 'studio.languages' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
  ]);
  if (!can(actor, 'tag.manage')) {
    return (
      <StudioFrame locale={locale} actor={actor} path="/tags">
        <p className={styles.formError} role="alert">{forms('forbidden')}</p>
      </StudioFrame>
    );
  }
  const tags = await listTags();
  const fieldsFor = (tag?: Tag): FormField[] => [
    { name: 'id', type: 'hidden', label: '', defaultValue: tag ? String(tag.id) : '' },
    { name: 'key', label: t('key'), defaultValue: tag?.key, required: true },
    ...locales.flatMap((l): FormField[] => [
      { name: `names.${l}.name`, label: t('name', { language: langs(l) }), defaultValue: tag?.names[l]?.name, lang: l },
      { name: `names.${l}.slug`, label: t('slug', { language: langs(l) }), defaultValue: tag?.names[l]?.slug },
      { name: `descriptions.${l}`, type: 'textarea', label: t('description', { language: langs(l) }), defaultValue: tag?.descriptions?.[l], lang: l },
    ]),
  ];
  return (
    <StudioFrame locale={locale} actor={actor} path="/tags">
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      <section aria-labelledby="new-tag" className={styles.notice}>
        <h2 id="new-tag" className={styles.label}>
          {t('new')}
        </h2>
        <StudioForm action={saveTagAction} locale={locale} idPrefix="new-tag" fields={fieldsFor()} submitLabel={m('create')} pendingLabel={forms('saving')} />
      </section>
      {tags.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul className={styles.cardList}>
          {tags.map((tag) => (
            <li key={tag.id}>
              <details>
                <summary>
                  {locales.map((l) => tag.names[l]?.name).filter(Boolean).join(' · ') || tag.key} <span className={styles.muted}>({tag.key})</span>
                </summary>
                <StudioForm action={saveTagAction} locale={locale} idPrefix={`tag-${tag.id}`} fields={fieldsFor(tag)} submitLabel={m('save')} pendingLabel={forms('saving')} />
              </details>
            </li>
          ))}
        </ul>
      )}
    </StudioFrame>
  );
}
