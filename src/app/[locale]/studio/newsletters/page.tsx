// Newsletters: what members choose from. Each has a name and description per language, a
// sender name and reply-to address, and may be a default (a signup naming none gets the
// defaults). Owners and admins manage them, see the recent sends with their counts
// (`?before=<send id>` pages them), set the sending speed, and open a post's e-mail preview.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { newsletterFields } from '@/components/studio/members/newsletter-fields';
import { StudioForm } from '@/components/studio/studio-form';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { can } from '@/core/auth/permissions';
import { isLocale } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { saveNewsletterAction } from '@/server/studio/actions/newsletter-actions';
import { z } from 'zod';
import { studioActor } from '@/server/studio/guard';
import { newsletterSendsOverview, newsletterSettings } from '@/server/studio/members';
import { getSiteTimeZone } from '@/server/site/site-identity';
import { SendReports } from '@/components/studio/newsletters/send-reports';
import { saveSendRateAction } from '@/server/studio/actions/newsletter-actions';
import { previewablePosts } from '@/server/newsletters/newsletter-preview';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/newsletters'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.newsletters' });
  return { title: await pageTitle(locale, t('title')) };
}

const pageQuery = z.object({ before: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined) });

export default async function NewslettersPage({ params, searchParams }: PageProps<'/[locale]/studio/newsletters'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const [t, forms] = await Promise.all([getTranslations({ locale, namespace: 'studio.newsletters' }), getTranslations({ locale, namespace: 'studio.forms' })]);
  if (!can(actor, 'member.manage')) {
    return (
      <StudioFrame locale={locale} actor={actor} path="/newsletters">
        <p className={styles.formError} role="alert">
          {forms('forbidden')}
        </p>
      </StudioFrame>
    );
  }
  const { before } = pageQuery.parse(await searchParams);
  const [newsletters, posts, sends, timeZone] = await Promise.all([newsletterSettings(), previewablePosts(), newsletterSendsOverview(before), getSiteTimeZone()]);
  const [fields, newFields] = await Promise.all([Promise.all(newsletters.map((n) => newsletterFields(locale, n))), newsletterFields(locale)]);
  return (
    <StudioFrame locale={locale} actor={actor} path="/newsletters">
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      <p className={styles.muted}>{t('intro')}</p>
      {newsletters.length === 0 && <p>{t('none')}</p>}
      <SendReports locale={locale} page={sends.page} isLater={before !== undefined} timeZone={timeZone} />
      {newsletters.map((n, i) => (
        <section key={n.id} aria-labelledby={`newsletter-${n.id}`} className={styles.notice}>
          <h2 id={`newsletter-${n.id}`} className={styles.label}>
            {locale === 'zh' ? n.nameZh : n.nameEn} <span className={styles.muted}>· {t('members', { count: n.members })}</span>
          </h2>
          <StudioForm action={saveNewsletterAction} locale={locale} idPrefix={`newsletter-${n.id}`} fields={fields[i]!} submitLabel={t('save')} pendingLabel={forms('saving')} />
        </section>
      ))}
      {posts.length > 0 && (
        <section aria-labelledby="preview-choose" className={styles.notice}>
          <h2 id="preview-choose" className={styles.label}>
            {t('previewChoose')}
          </h2>
          <p className={styles.muted}>{t('previewChooseIntro')}</p>
          <form method="get" action={`/${locale}/studio/newsletters/preview`} className={styles.inlineForm}>
            <div className={styles.field}>
              <label htmlFor="preview-post">{t('previewChoosePost')}</label>
              <select id="preview-post" name="post">
                {posts.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.titles[locale] || p.titles[locale === 'zh' ? 'en' : 'zh'] || t('untitled', { id: p.id })}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={styles.secondary}>
              {t('previewOpen')}
            </button>
          </form>
        </section>
      )}
      <section aria-labelledby="send-rate" className={styles.notice}>
        <h2 id="send-rate" className={styles.label}>
          {t('rateTitle')}
        </h2>
        <p className={styles.muted}>{t('rateIntro')}</p>
        <StudioForm
          action={saveSendRateAction}
          locale={locale}
          idPrefix="send-rate"
          inline
          fields={[{ name: 'perMinute', label: t('perMinute'), hint: t('perMinuteHint'), defaultValue: String(sends.sendRate), autoComplete: 'off' }]}
          submitLabel={t('save')}
          pendingLabel={forms('saving')}
        />
      </section>
      <details className={styles.notice}>
        <summary className={styles.label}>{t('new')}</summary>
        <StudioForm action={saveNewsletterAction} locale={locale} idPrefix="newsletter-new" fields={newFields} submitLabel={t('create')} pendingLabel={forms('saving')} />
      </details>
    </StudioFrame>
  );
}
