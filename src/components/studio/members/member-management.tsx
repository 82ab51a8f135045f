// What a site manager may do on the Members screen, each folded until wanted so the list
// comes first: add one member by hand (they vouch for the consent), and import a file of
// members from another platform (checked first, then imported).
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import { memberLanguages } from '@/core/members/member';
import type { NewsletterSummary } from '@/core/members/member-directory';
import { addMemberAction } from '@/server/studio/actions/member-actions';
import { StudioForm } from '../studio-form';
import studio from '../studio.module.css';
import { MemberImportForm } from './member-import-form';
import styles from './members.module.css';

export async function MemberManagement({ locale, newsletters }: { locale: Locale; newsletters: NewsletterSummary[] }) {
  const [t, forms, subscribe, messages] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.members' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
    getTranslations({ locale, namespace: 'members.form' }),
    getMessages({ locale }),
  ]);
  const languages = memberLanguages.map((l) => ({ value: l, label: subscribe(l) }));
  const newsletterOptions = [{ value: '', label: t('defaultNewsletters') }, ...newsletters.map((n) => ({ value: String(n.id), label: n.name[locale] }))];
  return (
    <>
      <details className={`${studio.notice} ${styles.addMember}`}>
        <summary className={studio.label}>{t('add')}</summary>
        <p className={studio.muted}>{t('addHint')}</p>
        <StudioForm
          action={addMemberAction}
          locale={locale}
          idPrefix="add-member"
          submitLabel={t('addSubmit')}
          pendingLabel={forms('saving')}
          fields={[
            { name: 'email', label: t('columnEmail'), type: 'email', required: true },
            { name: 'language', label: t('language'), type: 'select', defaultValue: locale, options: languages },
            { name: 'newsletter', label: t('newsletter'), type: 'select', defaultValue: '', options: newsletterOptions },
          ]}
        />
      </details>
      <details className={`${studio.notice} ${styles.addMember}`}>
        <summary className={studio.label}>{t('import.heading')}</summary>
        <NextIntlClientProvider locale={locale} messages={{ studio: { members: { import: messages.studio.members.import } } }}>
          <MemberImportForm languages={languages} newsletters={newsletterOptions} />
        </NextIntlClientProvider>
      </details>
    </>
  );
}
