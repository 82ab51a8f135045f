// The Translations view: every post × the language it is translated into, with its state,
// the words left to translate, who is on it, filters, sorting and keyset pages, and the
// XLIFF export of what is shown for a CAT tool.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { z } from 'zod';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { can } from '@/core/auth/permissions';
import type { TranslationStatus } from '@/core/content/types';
import { isLocale, locales } from '@/core/locales';
import { boardSorts, boardStates, decodeCursor, encodeCursor, type BoardState } from '@/core/translation/board';
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

/** The badge colours the posts list already uses, by the nearest status. */
const badgeStatus: Record<BoardState, TranslationStatus> = { missing: 'missing', outdated: 'outdated', review: 'review', draft: 'draft', current: 'published' };

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
  const [t, langs] = await Promise.all([getTranslations({ locale, namespace: 'studio.translations' }), getTranslations({ locale, namespace: 'studio.languages' })]);
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
      <ul className={styles.stateCounts} aria-label={t('countsLabel')}>
        {boardStates.map((s) => (
          <li key={s}>
            <Link href={link({ state: query.state === s ? undefined : s, after: undefined })} aria-current={query.state === s ? 'true' : undefined}>
              <span className={styles.badge} data-status={badgeStatus[s]}>
                {t(`state.${s}`)}
              </span>{' '}
              <span className={styles.count}>{board.counts[s]}</span>
            </Link>
          </li>
        ))}
      </ul>
      <form method="get" action={`/${locale}/studio/translations`} className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor="tr-state">{t('filterState')}</label>
          <select id="tr-state" name="state" defaultValue={query.state ?? ''} className={styles.input}>
            <option value="">{t('any')}</option>
            {boardStates.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="tr-language">{t('filterLanguage')}</label>
          <select id="tr-language" name="language" defaultValue={query.language ?? ''} className={styles.input}>
            <option value="">{t('any')}</option>
            {locales.map((l) => (
              <option key={l} value={l}>
                {langs(l)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="tr-sort">{t('sort')}</label>
          <select id="tr-sort" name="sort" defaultValue={sort} className={styles.input}>
            {boardSorts.map((s) => (
              <option key={s} value={s}>
                {t(`sortBy.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={styles.secondary}>
          {t('apply')}
        </button>
      </form>
      {canExport && (
        <form method="get" action="/api/v1/studio/translations/export" className={styles.toolbar}>
          <div className={styles.field}>
            <label htmlFor="tr-to">{t('exportInto')}</label>
            <select id="tr-to" name="to" defaultValue={query.language ?? (locale === 'zh' ? 'en' : 'zh')} className={styles.input}>
              {locales.map((l) => (
                <option key={l} value={l}>
                  {langs(l)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="tr-which">{t('exportWhich')}</label>
            <select id="tr-which" name="which" defaultValue="pending" className={styles.input}>
              <option value="pending">{t('exportPending')}</option>
              <option value="outdated">{t('exportOutdated')}</option>
              <option value="missing">{t('exportMissing')}</option>
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="tr-format">{t('exportFormat')}</label>
            <select id="tr-format" name="format" defaultValue="xliff2" className={styles.input}>
              <option value="xliff2">XLIFF 2.1</option>
              <option value="xliff12">XLIFF 1.2</option>
              <option value="tmx">TMX 1.4b</option>
            </select>
          </div>
          <button type="submit" className={styles.secondary}>
            {t('export')}
          </button>
        </form>
      )}
      <p className={styles.muted} role="status">
        {t('count', { count: total })}
      </p>
      {board.items.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('columnPost')}</th>
              <th scope="col">{t('columnLanguage')}</th>
              <th scope="col">{t('columnState')}</th>
              <th scope="col">{t('columnWords')}</th>
              <th scope="col">{t('columnEditor')}</th>
            </tr>
          </thead>
          <tbody>
            {board.items.map((row) => (
              <tr key={row.postId}>
                <td>
                  <Link href={`/${locale}/studio/posts/${row.postId}`} lang={row.sourceLocale}>
                    {row.title || `#${row.postId}`}
                  </Link>
                </td>
                <td>{t('direction', { from: langs(row.sourceLocale), to: langs(row.targetLocale) })}</td>
                <td>
                  <span className={styles.badge} data-status={badgeStatus[row.state]}>
                    {t(`state.${row.state}`)}
                  </span>
                </td>
                <td>{t('words', { count: row.words })}</td>
                <td className={styles.muted}>{row.editorName ?? t('nobody')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className={styles.pager} aria-label={t('pages')}>
        {after && <Link href={link({ after: undefined })}>{t('first')}</Link>}
        {board.next && <Link href={link({ after: encodeCursor(board.next) })}>{t('next')}</Link>}
      </nav>
    </StudioFrame>
  );
}
