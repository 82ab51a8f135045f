// The subscribe form of the reading pages: an e-mail address and the language of the
// e-mails (preselected from the page), posted to /api/v1/members. Two places: `main`, the
// larger one with a sentence, at the end of an article and on the home page; `footer`,
// one compact band above the site's footer on every reading page. A plain HTML form, so it
// works without JavaScript; the answer sends the reader back here to one of the notices
// below (#subscribe-sent, #subscribe-main-sent…, by the form's `place`), shown by CSS
// :target, so the page stays static and cacheable and only the form used answers.
// `website` is the honeypot: off-screen, out of the tab order, filled only by bots.
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import { memberLanguages } from '@/core/members/member';
import { honeypotField, noticePrefix, type SubscribePlace } from '@/core/members/subscribe-input';
import styles from './subscribe-form.module.css';

export async function SubscribeForm({ locale, returnTo, place }: { locale: Locale; returnTo: string; place: SubscribePlace }) {
  const t = await getTranslations({ locale, namespace: 'members.form' });
  const id = (name: string) => `${noticePrefix(place)}-${name}`;
  return (
    <section className={place === 'main' ? styles.main : styles.footer} aria-labelledby={id('heading')}>
      <form className={styles.form} action="/api/v1/members" method="post">
        <h2 id={id('heading')} className={styles.heading}>
          {place === 'main' ? t('heading') : t('footerHeading')}
        </h2>
        {place === 'main' && <p className={styles.lead}>{t('lead')}</p>}
        <p id={id('sent')} className={styles.notice} role="status">
          {t('sent')}
        </p>
        <p id={id('invalid')} className={`${styles.notice} ${styles.problem}`} role="alert">
          {t('invalid')}
        </p>
        <p id={id('limited')} className={`${styles.notice} ${styles.problem}`} role="alert">
          {t('limited')}
        </p>
        <label htmlFor={id('email')} className={styles.label}>
          {t('email')}
        </label>
        <div className={styles.row}>
          <input id={id('email')} className={styles.input} type="email" name="email" required maxLength={254} autoComplete="email" inputMode="email" />
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
          <label htmlFor={id('website')}>{t('honeypot')}</label>
          <input id={id('website')} type="text" name={honeypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <input type="hidden" name="returnTo" value={returnTo} />
        {place === 'main' && <input type="hidden" name="place" value="main" />}
        <p className={styles.manage}>
          <a href={`/${locale}/members/sign-in`}>{t('manage')}</a>
        </p>
      </form>
    </section>
  );
}
