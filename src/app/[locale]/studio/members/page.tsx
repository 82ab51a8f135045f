// Members: readers who subscribed. Owners, admins and editors see the figures, the list
// with its filters and the export; owners and admins also add members by hand.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MembersSummary } from '@/components/studio/members/members-summary';
import { MembersTable } from '@/components/studio/members/members-table';
import { StudioForm } from '@/components/studio/studio-form';
import { StudioFrame } from '@/components/studio/studio-frame';
import members from '@/components/studio/members/members.module.css';
import styles from '@/components/studio/studio.module.css';
import { can } from '@/core/auth/permissions';
import { isLocale } from '@/core/locales';
import { memberLanguages } from '@/core/members/member';
import { parseMemberFilter } from '@/core/members/member-directory';
import { pageTitle } from '@/server/page-title';
import { addMemberAction } from '@/server/studio/actions/member-actions';
import { studioActor } from '@/server/studio/guard';
import { membersOverview } from '@/server/studio/members';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/members'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.members' });
  return { title: await pageTitle(locale, t('title')) };
}

export default async function MembersPage({ params, searchParams }: PageProps<'/[locale]/studio/members'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const [t, forms, subscribe] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.members' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
    getTranslations({ locale, namespace: 'members.form' }),
  ]);
  if (!can(actor, 'member.view')) {
    return (
      <StudioFrame locale={locale} actor={actor} path="/members">
        <p className={styles.formError} role="alert">
          {forms('forbidden')}
        </p>
      </StudioFrame>
    );
  }
  const filter = parseMemberFilter(await searchParams);
  const overview = await membersOverview(filter);
  return (
    <StudioFrame locale={locale} actor={actor} path="/members">
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      <MembersSummary locale={locale} totals={overview.totals} weeks={overview.weeks} />
      {can(actor, 'member.manage') && (
        // Folded until wanted, so the list comes first on the screen.
        <details className={`${styles.notice} ${members.addMember}`}>
          <summary className={styles.label}>{t('add')}</summary>
          <p className={styles.muted}>{t('addHint')}</p>
          <StudioForm
            action={addMemberAction}
            locale={locale}
            idPrefix="add-member"
            submitLabel={t('addSubmit')}
            pendingLabel={forms('saving')}
            fields={[
              { name: 'email', label: t('columnEmail'), type: 'email', required: true },
              { name: 'language', label: t('language'), type: 'select', defaultValue: locale, options: memberLanguages.map((l) => ({ value: l, label: subscribe(l) })) },
              { name: 'newsletter', label: t('newsletter'), type: 'select', defaultValue: '', options: [{ value: '', label: t('defaultNewsletters') }, ...overview.newsletters.map((n) => ({ value: String(n.id), label: n.name[locale] }))] },
            ]}
          />
        </details>
      )}
      <MembersTable locale={locale} filter={filter} members={overview.members} next={overview.next} count={overview.count} newsletters={overview.newsletters} />
    </StudioFrame>
  );
}
