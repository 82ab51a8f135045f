// The preview of a newsletter e-mail in the Studio, rendered on the server: which version
// (Chinese, English, bilingual), which newsletter, the width (375 or 600 px) and light or
// dark are links, so it works without JavaScript; the e-mail itself is framed by `srcdoc`
// in a sandbox that runs no script, its dark rule turned on or off by the toggle
// (core/newsletters/preview-input.ts). Beside it, the test send to oneself.
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import { previewDocument, previewWidths, type EmailVersion } from '@/core/newsletters/preview-input';
import type { NewsletterPreview } from '@/server/newsletters/newsletter-preview';
import { sendTestEmailAction } from '@/server/studio/actions/newsletter-test-actions';
import studio from '../studio.module.css';
import { StudioForm } from '../studio-form';
import styles from './email-preview.module.css';

interface Props {
  locale: Locale;
  preview: NewsletterPreview;
  width: number;
  scheme: 'light' | 'dark';
  /** The signed-in staff member's own address, where a test goes. */
  ownEmail: string;
}

type View = { version: EmailVersion; newsletter: number; width: number; scheme: 'light' | 'dark' };

export async function EmailPreview({ locale, preview, width, scheme, ownEmail }: Props) {
  const t = await getTranslations({ locale, namespace: 'studio.newsletters' });
  const current: View = { version: preview.version, newsletter: preview.newsletterId, width, scheme };
  const href = (change: Partial<View>) => {
    const view = { ...current, ...change };
    const query = new URLSearchParams({ post: String(preview.post.id), version: view.version, newsletter: String(view.newsletter), width: String(view.width), scheme: view.scheme });
    return `/${locale}/studio/newsletters/preview?${query}`;
  };
  const versionLabel = { zh: t('versionZh'), en: t('versionEn'), both: t('versionBoth') } as const;
  const toggle = <K extends keyof View>(name: K, legend: string, options: Array<{ value: View[K]; label: string }>) => (
    <nav className={styles.toggle} aria-label={legend}>
      <span aria-hidden="true">{legend}</span>
      {options.map((o) => (
        <a key={String(o.value)} href={href({ [name]: o.value } as Partial<View>)} aria-current={current[name] === o.value ? 'true' : undefined}>
          {o.label}
        </a>
      ))}
    </nav>
  );
  return (
    <>
      <div className={styles.toggles}>
        {toggle(
          'version',
          t('version'),
          preview.versions.map((v) => ({ value: v, label: versionLabel[v] })),
        )}
        {preview.newsletters.length > 1 &&
          toggle(
            'newsletter',
            t('newsletter'),
            preview.newsletters.map((n) => ({ value: n.id, label: n.name[locale] })),
          )}
        {toggle(
          'width',
          t('width'),
          previewWidths.map((w) => ({ value: w, label: t('pixels', { width: w }) })),
        )}
        {toggle('scheme', t('scheme'), [
          { value: 'light', label: t('light') },
          { value: 'dark', label: t('dark') },
        ])}
      </div>
      <div className={styles.layout}>
        <div className={styles.stage}>
          <iframe
            title={t('frameTitle', { width, scheme: scheme === 'dark' ? t('dark') : t('light') })}
            className={styles.frame}
            data-width={width}
            data-scheme={scheme}
            style={{ colorScheme: scheme }}
            sandbox=""
            srcDoc={previewDocument(preview.email.html, scheme)}
          />
        </div>
        <div className={styles.aside}>
          <dl className={styles.meta}>
            <dt>{t('from')}</dt>
            <dd>{preview.email.fromName}</dd>
            <dt>{t('subject')}</dt>
            <dd lang={preview.email.language === 'en' ? 'en' : 'zh'}>{preview.email.subject}</dd>
          </dl>
          <section aria-labelledby="test-send" className={`${studio.notice} ${styles.testSend}`}>
            <h2 id="test-send" className={studio.label}>
              {t('testTitle')}
            </h2>
            <p className={studio.muted}>{t('testIntro', { email: ownEmail })}</p>
            <StudioForm
              action={sendTestEmailAction}
              locale={locale}
              idPrefix="test-send"
              inline
              fields={[
                { name: 'post', label: '', type: 'hidden', defaultValue: String(preview.post.id) },
                { name: 'version', label: '', type: 'hidden', defaultValue: preview.version },
                { name: 'newsletter', label: '', type: 'hidden', defaultValue: String(preview.newsletterId) },
              ]}
              submitLabel={t('testSend')}
              pendingLabel={t('testSending')}
            />
          </section>
        </div>
      </div>
    </>
  );
}
