// The media library: upload (with progress), then the files, newest first, found by words
// in their names, alt texts or captions in either language and by kind, a page at a time.
// The search is a plain GET form, so it works without JavaScript and can be linked to.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LibraryUploader } from '@/components/studio/library-uploader';
import { MediaTile } from '@/components/studio/media-library/media-tile';
import library from '@/components/studio/media-library/media-library.module.css';
import { StudioForm } from '@/components/studio/studio-form';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { can } from '@/core/auth/permissions';
import { libraryPageSize, mediaKinds, mediaLibraryQuery } from '@/core/media/library-query';
import { isLocale, locales } from '@/core/locales';
import { saveMediaTextsAction } from '@/server/studio/actions/manage-actions';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';
import { searchLibrary } from '@/server/studio/media-library';

const kindKeys = { image: 'kindImage', audio: 'kindAudio', video: 'kindVideo', subtitle: 'kindSubtitle' } as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/media'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.media' });
  return { title: await pageTitle(locale, t('title')) };
}

export default async function MediaPage({ params, searchParams }: PageProps<'/[locale]/studio/media'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const query = mediaLibraryQuery.parse(await searchParams);
  const page = query.page ?? 1;
  const [t, mm, langs, forms, manage, { items, total }] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.media' }),
    getTranslations({ locale, namespace: 'studio.manage.media' }),
    getTranslations({ locale, namespace: 'studio.languages' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
    getTranslations({ locale, namespace: 'studio.manage' }),
    searchLibrary({ query: query.q ?? '', kind: query.kind ?? null, offset: (page - 1) * libraryPageSize, limit: libraryPageSize }),
  ]);
  const pages = Math.max(1, Math.ceil(total / libraryPageSize));
  const isFiltered = Boolean(query.q || query.kind);
  const link = (p: number) => {
    const search = new URLSearchParams();
    if (query.q) search.set('q', query.q);
    if (query.kind) search.set('kind', query.kind);
    if (p > 1) search.set('page', String(p));
    const qs = search.toString();
    return `/${locale}/studio/media${qs ? `?${qs}` : ''}`;
  };
  const languageNames = Object.fromEntries(locales.map((l) => [l, langs(l)])) as Record<(typeof locales)[number], string>;
  return (
    <StudioFrame locale={locale} actor={actor} path="/media">
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      {can(actor, 'media.upload') && <LibraryUploader locale={locale} />}
      <form method="get" action={`/${locale}/studio/media`} className={library.search} role="search">
        <div className={styles.field}>
          <label htmlFor="media-q">{t('search')}</label>
          <input id="media-q" name="q" type="search" defaultValue={query.q} maxLength={100} className={styles.input} aria-describedby="media-q-hint" />
        </div>
        <div className={styles.field}>
          <label htmlFor="media-kind">{t('kindFilter')}</label>
          <select id="media-kind" name="kind" defaultValue={query.kind ?? ''} className={styles.input}>
            <option value="">{t('kindAll')}</option>
            {mediaKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(kindKeys[kind])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={styles.secondary}>
          {t('apply')}
        </button>
        <small id="media-q-hint" className={`${styles.hint} ${library.searchHint}`}>
          {t('searchHint')}
        </small>
      </form>
      <p className={styles.muted} role="status">
        {t('count', { count: total })}
        {isFiltered && (
          <>
            {' · '}
            <Link href={`/${locale}/studio/media`}>{t('showAll')}</Link>
          </>
        )}
      </p>
      {items.length === 0 ? (
        <p>{isFiltered ? t('noMatch') : t('empty')}</p>
      ) : (
        <ul className={library.grid}>
          {items.map((m) => (
            <MediaTile
              key={m.id}
              item={m}
              locale={locale}
              labels={{ kind: t(kindKeys[m.kind]), languages: languageNames, pathLabel: t('pathLabel') }}
              describe={
                can(actor, 'media.edit', { kind: 'media', uploadedBy: m.uploadedBy }) &&
                (m.kind === 'image' || m.kind === 'video') && (
                  <details>
                    <summary>{mm('describe')}</summary>
                    <StudioForm
                      action={saveMediaTextsAction}
                      locale={locale}
                      idPrefix={`media-${m.id}`}
                      submitLabel={manage('save')}
                      pendingLabel={forms('saving')}
                      fields={[
                        { name: 'mediaId', type: 'hidden', label: '', defaultValue: String(m.id) },
                        ...locales.map((l) => ({ name: `alt.${l}`, label: mm('alt', { language: langs(l) }), defaultValue: m.alt[l], lang: l })),
                        ...locales.map((l) => ({ name: `caption.${l}`, label: mm('caption', { language: langs(l) }), defaultValue: m.caption[l], lang: l })),
                      ]}
                    />
                  </details>
                )
              }
            />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('page', { page, pages })}>
          {page > 1 && <Link href={link(page - 1)}>{t('previous')}</Link>}
          <span>{t('page', { page, pages })}</span>
          {page < pages && <Link href={link(page + 1)}>{t('next')}</Link>}
        </nav>
      )}
    </StudioFrame>
  );
}
