// Fediverse · Followers: who follows each language, the requests waiting when the follow
// policy holds them, and Block. Owners and admins (`fediverse.manage`).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FediverseTabs } from '@/components/studio/fediverse/fediverse-tabs';
import { FollowerList } from '@/components/studio/fediverse/follower-list';
import { ForbiddenNotice } from '@/components/studio/forbidden-notice';
import { StudioFrame } from '@/components/studio/studio-frame';
import { can } from '@/core/auth/permissions';
import { parseFollowerQuery } from '@/core/fediverse/moderation';
import { isLocale } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';
import { fediverseSettingsView, followersOverview } from '@/server/studio/fediverse';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/fediverse'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.fediverse' });
  return { title: await pageTitle(locale, `${t('tabs.followers')} · ${t('title')}`) };
}

export default async function FediverseFollowersPage({ params, searchParams }: PageProps<'/[locale]/studio/fediverse'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  if (!can(actor, 'fediverse.manage')) return <ForbiddenNotice locale={locale} actor={actor} path="/fediverse" />;
  const query = parseFollowerQuery(await searchParams, locale);
  const [{ counts, page }, { settings, addresses }] = await Promise.all([followersOverview(query), fediverseSettingsView()]);
  return (
    <StudioFrame locale={locale} actor={actor} path="/fediverse">
      <FediverseTabs locale={locale} current="followers" />
      <FollowerList locale={locale} query={query} counts={counts} followers={page.items} next={page.next} addresses={addresses} isHeldPolicy={settings.followPolicy === 'held'} />
    </StudioFrame>
  );
}
