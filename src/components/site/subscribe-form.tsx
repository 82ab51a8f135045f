// The subscribe form under every reading page: an e-mail address and the language of the
// e-mails (preselected from the page), posted to /api/v1/members. A plain HTML form, so it
// works without JavaScript; the answer sends the reader back here to one of the notices
// below (#subscribe-sent…), shown by CSS :target, so the page stays static and cacheable.
// `website` is the honeypot: off-screen, out of the tab order, filled only by bots.
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import { memberLanguages } from '@/core/members/member';
import { honeypotField } from '@/core/members/subscribe-input';
import styles from './subscribe-form.module.css';

export async function SubscribeForm({ locale, returnTo }: { locale: Locale; returnTo: string }) {
  const t = await getTranslations({ locale, namespace: 'members.form' });
  return (
    <section className={styles.section} aria-labelledby="subscribe-heading">
      <form className={styles.form} action="/api/v1/members" method="post">
        <h2 id="subscribe-heading" className={styles.heading}>
          {t('heading')}
        </h2>
        <p id="subscribe-sent" className={styles.notice} role="status">
          {t('sent')}
        </p>
        <p id="subscribe-invalid" className={`${styles.notice} ${styles.problem}`} role="alert">
          {t('invalid')}
        </p>
        <p id="subscribe-limited" className={`${styles.notice} ${styles.problem}`} role="alert">
          {t('limited')}
        </p>
        <label htmlFor="subscribe-email" className={styles.label}>
          {t('email')}
        </label>
        <div className={styles.row}>
          <input id="subscribe-email" className={styles.input} type="email" name="email" required maxLength={254} autoComplete="email" inputMode="email" />
          <button type="submit" className={`button ${styles.submit}`}>
            {t('submit')}
          </button>
        </div>
        <fieldset className={styles.languages}>
          <legend className={styles.legend}>{t('language')}</legend>
          {memberLanguages.map((language) => (
            <label key={language} className={styles.choice} lang={language === 'both' ? undefined : language}>
              <input type="radio" name="language" value={language} defaultChecked={language === locale} /> {t(language)}
            </label>
          ))}
        </fieldset>
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor="subscribe-website">{t('honeypot')}</label>
          <input id="subscribe-website" type="text" name={honeypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <input type="hidden" name="returnTo" value={returnTo} />
        <p className={styles.manage}>
          <a href={`/${locale}/members/sign-in`}>{t('manage')}</a>
        </p>
      </form>
    </section>
  );
}
