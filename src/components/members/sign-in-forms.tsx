// The sign-in page's two forms: asking for a link by address, and, on the link's own page,
// the button that trades it for a session (a click, so a mail scanner that opens the link
// signs nobody in). Plain HTML forms; answers come back as notices shown by CSS :target.
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import styles from './members.module.css';

export async function SignInRequestForm({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'members.signIn' });
  return (
    <form className={styles.form} action={`/api/v1/members/sign-in?locale=${locale}`} method="post">
      <p id="sign-in-sent" className={styles.notice} role="status">
        {t('sent')}
      </p>
      <p id="sign-in-invalid" className={`${styles.notice} ${styles.problem}`} role="alert">
        {t('invalid')}
      </p>
      <p id="sign-in-limited" className={`${styles.notice} ${styles.problem}`} role="alert">
        {t('limited')}
      </p>
      <label htmlFor="sign-in-email" className={styles.label}>
        {t('email')}
      </label>
      <input id="sign-in-email" className={styles.input} type="email" name="email" required maxLength={254} autoComplete="email" inputMode="email" />
      <div className={styles.actions}>
        <button type="submit" className="button">
          {t('submit')}
        </button>
      </div>
    </form>
  );
}

export async function SignInLinkForm({ locale, token, site }: { locale: Locale; token: string; site: string }) {
  const t = await getTranslations({ locale, namespace: 'members.signIn' });
  return (
    <form className={styles.form} action={`/api/v1/members/session?locale=${locale}`} method="post">
      <h1 className="display page-title">{t('linkHeading', { site })}</h1>
      <p>{t('linkIntro')}</p>
      <input type="hidden" name="token" value={token} />
      <div className={styles.actions}>
        <button type="submit" className="button">
          {t('linkAction')}
        </button>
      </div>
    </form>
  );
}
