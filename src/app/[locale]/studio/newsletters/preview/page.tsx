// A post's newsletter e-mail as a member would get it, at 375 or 600 px, light or dark,
// with a test send to oneself. Reached from the publish dialog and the Newsletters
// screen; who may publish (or update) that language of the post may see it.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EmailPreview } from '@/components/studio/newsletters/email-preview';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { isAppError } from '@/core/errors/app-error';
import { isLocale } from '@/core/locales';
import { previewQuery } from '@/core/newsletters/preview-input';
import { readNewsletterPreview } from '@/server/newsletters/newsletter-preview';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/newsletters/preview'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.newsletters' });
  return { title: await pageTitle(locale, t('previewTitle')) };
}

function firstValues(query: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, Array.isArray(value) ? (value[0] ?? '') : value]])));
}

export default async function NewsletterPreviewPage({ params, searchParams }: PageProps<'/[locale]/studio/newsletters/preview'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const [t, forms] = await Promise.all([getTranslations({ locale, namespace: 'studio.newsletters' }), getTranslations({ locale, namespace: 'studio.forms' })]);
  const query = previewQuery.safeParse(firstValues(await searchParams));
  const refusal = async (message: string) => (
    <StudioFrame locale={locale} actor={actor} path="/newsletters">
      <h1 className={styles.pageTitle}>{t('previewTitle')}</h1>
      <p className={styles.formError} role="alert">
        {message}
      </p>
      <p>
        <a href={`/${locale}/studio/newsletters`}>{t('backToNewsletters')}</a>
      </p>
    </StudioFrame>
  );
  if (!query.success) return refusal(t('previewInvalid'));
  let preview;
  try {
    preview = await readNewsletterPreview(actor, query.data);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === 'FORBIDDEN') return refusal(forms('forbidden'));
    if (error.reason === 'no-newsletter') return refusal(t('previewNoNewsletter'));
    return refusal(t('previewNoPost'));
  }
  const title = preview.post.titles[preview.version === 'en' ? 'en' : 'zh'] ?? Object.values(preview.post.titles)[0] ?? '';
  return (
    <StudioFrame locale={locale} actor={actor} path="/newsletters">
      <h1 className={styles.pageTitle}>{t('previewTitle')}</h1>
      <p className={styles.muted}>
        {t('previewIntro')} <a href={`/${locale}/studio/posts/${preview.post.id}`}>{t('previewPost', { title })}</a>
      </p>
      <EmailPreview locale={locale} preview={preview} width={query.data.width} scheme={query.data.scheme} ownEmail={actor.email} />
    </StudioFrame>
  );
}
