// The Translations view: every post × the language it is translated into, with its state,
// the words left to translate, who is on it, filters, sorting and keyset pages, and the
// XLIFF export of what is shown for a CAT tool.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { z } from 'zod';
import { StudioFrame } from '@/components/studio/studio-frame';
import { BoardExportForm } from '@/components/studio/translations/board-export-form';
import { BoardFilters } from '@/components/studio/translations/board-filters';
import { BoardTable } from '@/components/studio/translations/board-table';
import styles from '@/components/studio/studio.module.css';
import { can } from '@/core/auth/permissions';
import { isLocale, locales } from '@/core/locales';
import { boardSorts, boardStates, decodeCursor, encodeCursor } from '@/core/translation/board';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';
import { readTranslationBoard } from '@/server/translation/board';

const pageSize = 30;
const boardParams = z.object({
  state: z.enum(boardStates).optional().catch(undefined),
  language: z.enum(locales as unknown as ['zh', 'en']).optional().catch(undefined),
  sort: z.enum(boardSorts).optional().catch(undefined),
  after: z.string().max(120).optional().catch(undefined),
});

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/translations'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.translations' });
  return { title: await pageTitle(locale, t('title')) };
}

export default async function TranslationsPage({ params, searchParams }: PageProps<'/[locale]/studio/translations'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const query = boardParams.parse(await searchParams);
  const after = query.after ? (decodeCursor(query.after) ?? undefined) : undefined;
  const sort = query.sort ?? 'updated';
  const t = await getTranslations({ locale, namespace: 'studio.translations' });
  const board = await readTranslationBoard(actor, { state: query.state, language: query.language, sort, after, pageSize });
  const total = query.state ? board.counts[query.state] : boardStates.reduce((n, s) => n + board.counts[s], 0);
  const link = (changes: Record<string, string | undefined>) => {
    const search = new URLSearchParams();
    const merged = { state: query.state, language: query.language, sort: query.sort, ...changes };
    for (const [k, v] of Object.entries(merged)) if (v) search.set(k, v);
    const qs = search.toString();
    return `/${locale}/studio/translations${qs ? `?${qs}` : ''}`;
  };
  const canExport = can(actor, 'post.view', { kind: 'post', ownerUserId: actor.id, sourceLocale: locale });

  return (
    <StudioFrame locale={locale} actor={actor} path="/translations">
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      <p className={styles.muted}>{t('intro')}</p>
      <BoardFilters locale={locale} values={{ state: query.state, language: query.language, sort }} counts={board.counts} linkTo={link} />
      {canExport && <BoardExportForm locale={locale} language={query.language} />}
      <p className={styles.muted} role="status">
        {t('count', { count: total })}
      </p>
      <BoardTable locale={locale} items={board.items} />
      <nav className={styles.pager} aria-label={t('pages')}>
        {after && <Link href={link({ after: undefined })}>{t('first')}</Link>}
        {board.next && <Link href={link({ after: encodeCursor(board.next) })}>{t('next')}</Link>}
      </nav>
    </StudioFrame>
  );
}
