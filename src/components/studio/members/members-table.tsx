// The Members list: one page of 50, newest first, with the filters as a GET form (so a
// filtered view is a link), the CSV export of what is shown, and the next page by keyset.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import { memberLanguages } from '@/core/members/member';
import { memberStatusFilters, type MemberFilter, type MemberListItem, type NewsletterSummary } from '@/core/members/member-directory';
import studio from '../studio.module.css';
import styles from './members.module.css';

type Props = { locale: Locale; filter: MemberFilter; members: MemberListItem[]; next: number | null; count: number; newsletters: NewsletterSummary[] };

function query(filter: MemberFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, before: undefined, ...extra })) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function MembersTable({ locale, filter, members, next, count, newsletters }: Props) {
  const t = await getTranslations({ locale, namespace: 'studio.members' });
  const forms = await getTranslations({ locale, namespace: 'members.form' });
  const date = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium' });
  const names = new Map(newsletters.map((n) => [n.id, n.name[locale]]));
  const select = (name: 'language' | 'status' | 'newsletter', label: string, options: { value: string; label: string }[]) => (
    <div className={studio.field}>
      <label htmlFor={`members-${name}`}>{label}</label>
      <select id={`members-${name}`} name={name} defaultValue={filter[name] === undefined ? '' : String(filter[name])} className={studio.input}>
        <option value="">{t('any')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <section aria-labelledby="members-list">
      <h2 id="members-list" className="sr-only">
        {t('list')}
      </h2>
      <form method="get" action={`/${locale}/studio/members`} className={studio.toolbar} role="search">
        <div className={studio.field}>
          <label htmlFor="members-q">{t('search')}</label>
          <input id="members-q" name="q" type="search" defaultValue={filter.q} className={studio.input} />
        </div>
        {select(
          'language',
          t('language'),
          memberLanguages.map((l) => ({ value: l, label: forms(l) })),
        )}
        {select(
          'status',
          t('status'),
          memberStatusFilters.map((s) => ({ value: s, label: t(`statusName.${s}`) })),
        )}
        {select(
          'newsletter',
          t('newsletter'),
          newsletters.map((n) => ({ value: String(n.id), label: n.name[locale] })),
        )}
        <button type="submit" className={studio.secondary}>
          {t('apply')}
        </button>
      </form>
      <div className={styles.actions}>
        <p className={studio.muted} role="status">
          {t('count', { count })}
        </p>
        <a href={`/api/v1/studio/members/export${query(filter)}`} download>
          {t('export')}
        </a>
      </div>
      {members.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={studio.table}>
            <thead>
              <tr>
                <th scope="col">{t('columnEmail')}</th>
                <th scope="col">{t('language')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col">{t('newsletter')}</th>
                <th scope="col">{t('columnSince')}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id}>
                  <td className={studio.breakAll}>{m.email}</td>
                  <td>{forms(m.language)}</td>
                  <td>
                    <span className={styles.status} data-status={m.status}>
                      {t(`statusName.${m.status}`)}
                    </span>
                    {m.addressState && (
                      <span className={styles.addressState} data-address-state={m.addressState} title={t(`addressHint.${m.addressState}`)}>
                        {t(`statusName.${m.addressState}`)}
                      </span>
                    )}
                  </td>
                  <td>{m.newsletters.map((id) => names.get(id) ?? `#${id}`).join('、')}</td>
                  <td className={studio.muted}>
                    <time dateTime={m.confirmedAt ?? m.createdAt}>{date.format(new Date(m.confirmedAt ?? m.createdAt))}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(filter.before || next) && (
        <nav className={studio.pager} aria-label={t('pages')}>
          {filter.before && <Link href={`/${locale}/studio/members${query(filter)}`}>{t('first')}</Link>}
          {next && <Link href={`/${locale}/studio/members${query(filter, { before: String(next) })}`}>{t('next')}</Link>}
        </nav>
      )}
    </section>
  );
}
