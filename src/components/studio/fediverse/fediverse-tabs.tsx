// The Fediverse area's head: its title, what it is for, and the links between its three
// screens (followers, replies, settings and blocks), the current one marked.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import studio from '../studio.module.css';
import styles from './fediverse.module.css';

export type FediverseTab = 'followers' | 'replies' | 'settings';

const paths: Record<FediverseTab, string> = { followers: '', replies: '/replies', settings: '/settings' };

export async function FediverseTabs({ locale, current }: { locale: Locale; current: FediverseTab }) {
  const t = await getTranslations({ locale, namespace: 'studio.fediverse' });
  return (
    <>
      <h1 className={studio.pageTitle}>{t('title')}</h1>
      <p className={studio.muted}>{t('intro')}</p>
      <nav aria-label={t('sections')} className={styles.tabs}>
        {(Object.keys(paths) as FediverseTab[]).map((tab) => (
          <Link key={tab} href={`/${locale}/studio/fediverse${paths[tab]}`} aria-current={tab === current ? 'page' : undefined}>
            {t(`tabs.${tab}`)}
          </Link>
        ))}
      </nav>
    </>
  );
}
