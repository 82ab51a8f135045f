// The Studio's home: every post with its zh/en status matrix, filters by status and by
// translation state, title search, pagination, and a form to start a new post.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { z } from 'zod';
import { StatusBadge } from '@/components/studio/status-badge';
import { StudioForm } from '@/components/studio/studio-form';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { can } from '@/core/auth/permissions';
import { translationStatuses } from '@/core/content/editorial-status';
import { isLocale, locales, otherLocale } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';
import { createPostAction } from '@/server/studio/actions/studio-actions';
import { getSiteTimeZone, listStudioPosts } from '@/server/studio/studio-reads';

const pageSize = 25;
const listQuery = z.object({
  q: z.string().max(200).optional().catch(undefined),
  status: z.enum(translationStatuses as ['missing']).optional().catch(undefined),
  translation: z.enum(translationStatuses as ['missing']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

export async function generateMetadata({ params }: PageProps<'/[locale]/studio'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.posts' });
  return { title: await pageTitle(locale, t('title')) };
}

export default async function StudioHome({ params, searchParams }: PageProps<'/[locale]/studio'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const query = listQuery.parse(await searchParams);
  const page = query.page ?? 1;
  const { items, total, preparing } = await listStudioPosts({
    q: query.q,
    status: query.status,
    translation: query.translation,
    // An author sees their own posts, not other people's drafts; the rule says who sees
    // what: whoever may view a post nobody owns may view any post.
    ownerUserId: can(actor, 'post.view', { kind: 'post', ownerUserId: null, sourceLocale: locale }) ? undefined : actor.id,
    page,
    pageSize,
  });
  const [t, s, langs, forms] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.posts' }),
    getTranslations({ locale, namespace: 'studio.status' }),
    getTranslations({ locale, namespace: 'studio.languages' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
  ]);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const filtered = Boolean(query.q || query.status || query.translation);
  const link = (p: number) => {
    const search = new URLSearchParams();
    if (query.q) search.set('q', query.q);
    if (query.status) search.set('status', query.status);
    if (query.translation) search.set('translation', query.translation);
    if (p > 1) search.set('page', String(p));
    const qs = search.toString();
    return `/${locale}/studio${qs ? `?${qs}` : ''}`;
  };
  const timeZone = await getSiteTimeZone();
  const dateFormat = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const statusOptions = [{ value: '', label: t('any') }, ...translationStatuses.map((v) => ({ value: v, label: s(v) }))];

  return (
    <StudioFrame locale={locale} actor={actor} path="">
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      {can(actor, 'post.create') && (
        <section aria-labelledby="new-post" className={styles.notice}>
          <h2 id="new-post" className={styles.label}>
            {t('new')}
          </h2>
          <StudioForm
            inline
            action={createPostAction}
            locale={locale}
            submitLabel={t('create')}
            pendingLabel={forms('saving')}
            fields={[
              { name: 'title', label: t('newTitle'), required: true },
              { name: 'sourceLocale', label: t('newLanguage'), type: 'select', defaultValue: locale, options: locales.map((l) => ({ value: l, label: langs(l) })) },
            ]}
          />
        </section>
      )}
      <form method="get" action={`/${locale}/studio`} className={styles.toolbar} role="search">
        <div className={styles.field}>
          <label htmlFor="posts-q">{t('search')}</label>
          <input id="posts-q" name="q" type="search" defaultValue={query.q} className={styles.input} />
        </div>
        {(['status', 'translation'] as const).map((name) => (
          <div className={styles.field} key={name}>
            <label htmlFor={`posts-${name}`}>{name === 'status' ? t('filterStatus') : t('filterTranslation')}</label>
            <select id={`posts-${name}`} name={name} defaultValue={query[name] ?? ''} className={styles.input}>
              {statusOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <button type="submit" className={styles.secondary}>
          {t('apply')}
        </button>
      </form>
      {/* After an upgrade or a large import, until the background drain is done: the list is never short without saying so. */}
      {preparing && <p className={styles.notice}>{t('preparing', { ready: preparing.ready, posts: preparing.posts })}</p>}
      <p className={styles.muted} role="status">
        {t('count', { count: total })}
      </p>
      {items.length === 0 ? (
        <p>{filtered || preparing ? t('empty') : t('emptyAll')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('columnTitle')}</th>
              {locales.map((l) => (
                <th scope="col" key={l}>
                  {langs(l)}
                </th>
              ))}
              <th scope="col">{t('columnUpdated')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((post) => {
              const shown = post.languages[locale] ?? post.languages[post.sourceLocale] ?? post.languages[otherLocale(locale)];
              const shownLocale = post.languages[locale] ? locale : post.sourceLocale;
              return (
                <tr key={post.id}>
                  <td>
                    <Link href={`/${locale}/studio/posts/${post.id}`} lang={shownLocale}>
                      {shown?.title || `#${post.id}`}
                    </Link>
                  </td>
                  {locales.map((l) => (
                    <td key={l}>
                      <span className={styles.muted} aria-hidden="true">
                        {l.toUpperCase()}{' '}
                      </span>
                      <StatusBadge status={post.status[l]} label={`${langs(l)}: ${s(post.status[l])}${l === post.sourceLocale ? ` (${t('source')})` : ''}`} text={s(post.status[l])} />
                    </td>
                  ))}
                  <td className={styles.muted}>
                    <time dateTime={post.updatedAt}>{dateFormat.format(new Date(post.updatedAt))}</time>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
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
