// Author profiles per language: everyone edits their own; editors and admins all.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StudioForm, type FormField } from '@/components/studio/studio-form';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { can } from '@/core/auth/permissions';
import { isLocale, locales } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';
import { saveAuthorAction } from '@/server/studio/actions/manage-actions';
import { listAuthors, listUsers } from '@/server/studio/studio-reads';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/authors'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.manage.authors' });
  return { title: await pageTitle(locale, t('title')) };
}

export default async function AuthorsPage({ params }: PageProps<'/[locale]/studio/authors'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const [t, m, langs, forms] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.manage.authors' }),
    getTranslations({ locale, namespace: 'studio.manage' }),
    getTranslations({ locale, namespace: 'studio.languages' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
  ]);
  const [authors, users] = await Promise.all([listAuthors(), listUsers()]);
  const names = new Map(users.map((u) => [u.id, u.name]));
  const editable = authors.filter((a) => (a.userId === actor.id ? can(actor, 'profile.edit-own') : can(actor, 'author.manage')));
  editable.sort((a, b) => Number(b.userId === actor.id) - Number(a.userId === actor.id));
  return (
    <StudioFrame locale={locale} actor={actor} path="/authors">
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      <ul className={styles.cardList}>
        {editable.map((author) => {
          const fields: FormField[] = [
            { name: 'id', type: 'hidden', label: '', defaultValue: String(author.id) },
            { name: 'handle', label: t('handle'), defaultValue: author.handle, required: true },
            ...locales.map((l): FormField => ({ name: `name.${l}`, label: t('name', { language: langs(l) }), defaultValue: author.name[l], lang: l })),
            ...locales.map((l): FormField => ({ name: `bio.${l}`, type: 'textarea', label: t('bio', { language: langs(l) }), defaultValue: author.bio[l], lang: l })),
          ];
          return (
            <li key={author.id}>
              <details open={author.userId === actor.id}>
                <summary>
                  {author.name[locale] ?? author.name.zh ?? author.name.en ?? author.handle}{' '}
                  <span className={styles.muted}>
                    {author.userId === actor.id ? t('yours') : author.userId ? t('linked', { name: names.get(author.userId) ?? '' }) : t('unlinked')}
                  </span>
                </summary>
                <StudioForm action={saveAuthorAction} locale={locale} idPrefix={`author-${author.id}`} fields={fields} submitLabel={m('save')} pendingLabel={forms('saving')} />
              </details>
            </li>
          );
        })}
      </ul>
    </StudioFrame>
  );
}
