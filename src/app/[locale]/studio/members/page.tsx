// Members: readers who subscribed. Owners, admins and editors see the figures, the list
// with its filters and the export; owners and admins also add members by hand.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MemberManagement } from '@/components/studio/members/member-management';
import { MembersSummary } from '@/components/studio/members/members-summary';
import { MembersTable } from '@/components/studio/members/members-table';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { can } from '@/core/auth/permissions';
import { isLocale } from '@/core/locales';
import { parseMemberFilter } from '@/core/members/member-directory';
import { pageTitle } from '@/server/page-title';
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
  const [t, forms] = await Promise.all([getTranslations({ locale, namespace: 'studio.members' }), getTranslations({ locale, namespace: 'studio.forms' })]);
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
      <div className={styles.toolbar}>
        <h1 className={styles.pageTitle}>{t('title')}</h1>
        {can(actor, 'member.manage') && <Link href={`/${locale}/studio/newsletters`}>{t('newsletters')}</Link>}
      </div>
      {overview.delivery.kind === 'files' && (
        <p className={styles.notice} role="note" data-mail-files={overview.delivery.count}>
          {t('mailFiles', { count: overview.delivery.count, folder: overview.delivery.folder })}
        </p>
      )}
      <MembersSummary locale={locale} totals={overview.totals} weeks={overview.weeks} />
      {can(actor, 'member.manage') && <MemberManagement locale={locale} newsletters={overview.newsletters} />}
      <MembersTable locale={locale} filter={filter} members={overview.members} next={overview.next} count={overview.count} newsletters={overview.newsletters} />
    </StudioFrame>
  );
}
