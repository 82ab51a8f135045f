// Fediverse · Settings and blocks: the addresses readers follow, the handles and the
// follow and replies policies, and the blocked accounts and instances. Owners and admins.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FediverseSettingsView } from '@/components/studio/fediverse/fediverse-settings';
import { FediverseTabs } from '@/components/studio/fediverse/fediverse-tabs';
import { ForbiddenNotice } from '@/components/studio/forbidden-notice';
import { StudioFrame } from '@/components/studio/studio-frame';
import { can } from '@/core/auth/permissions';
import { parseReplyQuery } from '@/core/fediverse/moderation';
import { isLocale } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';
import { fediverseSettingsView, listFediverseBlocks } from '@/server/studio/fediverse';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/fediverse/settings'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.fediverse' });
  return { title: await pageTitle(locale, `${t('tabs.settings')} · ${t('title')}`) };
}

export default async function FediverseSettingsPage({ params, searchParams }: PageProps<'/[locale]/studio/fediverse/settings'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  if (!can(actor, 'fediverse.manage')) return <ForbiddenNotice locale={locale} actor={actor} path="/fediverse/settings" />;
  const { before } = parseReplyQuery(await searchParams);
  const [{ settings, addresses }, blocks] = await Promise.all([fediverseSettingsView(), listFediverseBlocks(before)]);
  return (
    <StudioFrame locale={locale} actor={actor} path="/fediverse/settings">
      <FediverseTabs locale={locale} current="settings" />
      <FediverseSettingsView locale={locale} settings={settings} addresses={addresses} blocks={blocks.items} before={before} next={blocks.next} />
    </StudioFrame>
  );
}
