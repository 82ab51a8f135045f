// The account page's forms, each a plain HTML form posted to /api/v1/members/me with its
// `intent`: language and newsletters, unsubscribing (or subscribing again), the data
// download, deleting the account (the address typed again), signing out.
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import { memberLanguages, type Member, type NewsletterChoice } from '@/core/members/member';
import styles from './members.module.css';

type Props = { locale: Locale; member: Member; newsletters: NewsletterChoice[] };

function Notice({ id, text, problem = false }: { id: string; text: string; problem?: boolean }) {
  return (
    <p id={id} className={problem ? `${styles.notice} ${styles.problem}` : styles.notice} role={problem ? 'alert' : 'status'}>
      {text}
    </p>
  );
}

export async function PreferencesForm({ locale, member, newsletters }: Props) {
  const t = await getTranslations({ locale, namespace: 'members.account' });
  const tForm = await getTranslations({ locale, namespace: 'members.form' });
  return (
    <section className={styles.section} aria-labelledby="preferences-heading">
      <h2 id="preferences-heading">{t('preferences')}</h2>
      <Notice id="account-saved" text={t('saved')} />
      <Notice id="account-invalid" text={t('invalid')} problem />
      <form className={styles.form} action={`/api/v1/members/me?locale=${locale}`} method="post">
        <input type="hidden" name="intent" value="save" />
        <fieldset className={styles.choices}>
          <legend>{t('language')}</legend>
          {memberLanguages.map((language) => (
            <label key={language} className={styles.choice} lang={language === 'both' ? undefined : language}>
              <input type="radio" name="language" value={language} defaultChecked={member.language === language} /> {tForm(language)}
            </label>
          ))}
        </fieldset>
        <fieldset className={styles.choices}>
          <legend>{t('newsletters')}</legend>
          {newsletters.length === 0 && <p className={styles.hint}>{t('noNewsletters')}</p>}
          {newsletters.map((n) => (
            <label key={n.id} className={styles.choice}>
              <input type="checkbox" name="newsletters" value={n.id} defaultChecked={n.chosen} />
              <span>
                {n.name[locale]}
                {n.description[locale] && <span className={styles.hint}> · {n.description[locale]}</span>}
              </span>
            </label>
          ))}
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" className="button">
            {t('save')}
          </button>
        </div>
      </form>
    </section>
  );
}

export async function SubscriptionForm({ locale, member }: Omit<Props, 'newsletters'>) {
  const t = await getTranslations({ locale, namespace: 'members.account' });
  const subscribed = member.status === 'subscribed';
  return (
    <section className={styles.section} aria-labelledby="subscription-heading">
      <h2 id="subscription-heading">{t('unsubscribeHeading')}</h2>
      <Notice id="account-unsubscribed" text={t('unsubscribed')} />
      <Notice id="account-resubscribed" text={t('resubscribed')} />
      <p data-member-status={member.status}>{t(`status_${member.status}`)}</p>
      <form className={styles.actions} action={`/api/v1/members/me?locale=${locale}`} method="post">
        <input type="hidden" name="intent" value={subscribed ? 'unsubscribe' : 'resubscribe'} />
        <button type="submit" className="button button--quiet">
          {subscribed ? t('unsubscribe') : t('resubscribe')}
        </button>
      </form>
    </section>
  );
}

export async function DataAndDeletion({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'members.account' });
  return (
    <>
      <section className={styles.section} aria-labelledby="data-heading">
        <h2 id="data-heading">{t('dataHeading')}</h2>
        <p>{t('dataText')}</p>
        <p>
          <a className="button button--quiet" href="/api/v1/members/me/data" download="member-data.json">
            {t('download')}
          </a>
        </p>
      </section>
      <section className={styles.section} aria-labelledby="delete-heading">
        <h2 id="delete-heading">{t('deleteHeading')}</h2>
        <Notice id="account-delete-mismatch" text={t('deleteMismatch')} problem />
        <p>{t('deleteText')}</p>
        <form className={styles.form} action={`/api/v1/members/me?locale=${locale}`} method="post">
          <input type="hidden" name="intent" value="delete" />
          <label htmlFor="confirm-email" className={styles.label}>
            {t('confirmEmail')}
          </label>
          <input id="confirm-email" className={styles.input} type="email" name="confirmEmail" required maxLength={254} autoComplete="off" />
          <div className={styles.actions}>
            <button type="submit" className={`button ${styles.danger}`}>
              {t('delete')}
            </button>
          </div>
        </form>
      </section>
    </>
  );
}

export async function SignOutForm({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'members.account' });
  return (
    <form action={`/api/v1/members/me?locale=${locale}`} method="post">
      <input type="hidden" name="intent" value="sign-out" />
      <button type="submit" className="button button--quiet">
        {t('signOut')}
      </button>
    </form>
  );
}
