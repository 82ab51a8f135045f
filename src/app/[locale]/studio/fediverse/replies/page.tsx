// Fediverse · Replies: the moderation queue (waiting, approved, hidden), newest first.
// Approving shows a reply under its article; hiding takes it away. Owners and admins.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FediverseTabs } from '@/components/studio/fediverse/fediverse-tabs';
import { ReplyQueue } from '@/components/studio/fediverse/reply-queue';
import { ForbiddenNotice } from '@/components/studio/forbidden-notice';
import { StudioFrame } from '@/components/studio/studio-frame';
import { can } from '@/core/auth/permissions';
import { parseReplyQuery } from '@/core/fediverse/moderation';
import { isLocale } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';
import { fediverseSettingsView, repliesOverview } from '@/server/studio/fediverse';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/fediverse/replies'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.fediverse' });
  return { title: await pageTitle(locale, `${t('tabs.replies')} · ${t('title')}`) };
}

export default async function FediverseRepliesPage({ params, searchParams }: PageProps<'/[locale]/studio/fediverse/replies'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  if (!can(actor, 'fediverse.manage')) return <ForbiddenNotice locale={locale} actor={actor} path="/fediverse/replies" />;
  const query = parseReplyQuery(await searchParams);
  const [{ counts, page }, { settings }] = await Promise.all([repliesOverview(query), fediverseSettingsView()]);
  return (
    <StudioFrame locale={locale} actor={actor} path="/fediverse/replies">
      <FediverseTabs locale={locale} current="replies" />
      <ReplyQueue locale={locale} query={query} counts={counts} replies={page.items} next={page.next} isAutoPolicy={settings.repliesPolicy === 'auto'} />
    </StudioFrame>
  );
}
