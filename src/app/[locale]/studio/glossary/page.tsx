// The glossary: the site's terms, searchable by everyone in the Studio; owners, admins and
// editors add, change and delete them and bring them in or out as CSV or TBX. The search
// is a GET form, so a filtered glossary is a link and works without JavaScript.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { GlossaryManager, type GlossaryWords } from '@/components/studio/glossary/glossary-manager';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { can } from '@/core/auth/permissions';
import { isLocale } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';
import { listGlossary } from '@/server/translation/glossary';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/glossary'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.glossary' });
  return { title: await pageTitle(locale, t('title')) };
}

const wordKeys = [
  'search', 'searchButton', 'empty', 'zh', 'en', 'note', 'doNotTranslate', 'doNotTranslateShort', 'forbidden', 'forbiddenHint', 'actions', 'add', 'addButton',
  'edit', 'save', 'cancel', 'delete', 'files', 'filesHint', 'exportCsv', 'exportTbx', 'importFile', 'importButton',
] as const;

export default async function GlossaryPage({ params, searchParams }: PageProps<'/[locale]/studio/glossary'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const [t, forms] = await Promise.all([getTranslations({ locale, namespace: 'studio.glossary' }), getTranslations({ locale, namespace: 'studio.forms' })]);
  if (!can(actor, 'glossary.view')) {
    return (
      <StudioFrame locale={locale} actor={actor} path="/glossary">
        <p className={styles.formError} role="alert">{forms('forbidden')}</p>
      </StudioFrame>
    );
  }
  const raw = (await searchParams).q;
  const query = (typeof raw === 'string' ? raw : '').slice(0, 200);
  const terms = await listGlossary(actor, query);
  const words = Object.fromEntries(wordKeys.map((key) => [key, t(key)])) as GlossaryWords;
  return (
    <StudioFrame locale={locale} actor={actor} path="/glossary">
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      <p className={styles.muted}>{t('intro')}</p>
      {!can(actor, 'glossary.manage') && <p className={styles.notice}>{t('readOnly')}</p>}
      <GlossaryManager
        locale={locale}
        terms={terms}
        query={query}
        canManage={can(actor, 'glossary.manage')}
        words={words}
        countText={t('count', { count: terms.length })}
        noMatchText={query ? t('noMatch', { query }) : ''}
        templates={{ editTitle: t('editTitle', { term: '{term}' }), deleteConfirm: t('deleteConfirm', { term: '{term}' }), imported: t('imported', { added: '{added}', updated: '{updated}' }), failed: t('failed', { message: '{message}' }) }}
      />
    </StudioFrame>
  );
}
