// The Followers screen's body: accepted followers and waiting requests per language as
// figures, one language's list (25 a page, newest first, by keyset) with the account, its
// instance and since when, and per row Accept/Reject (a request) and Block.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { followerStates, type FollowerQuery } from '@/core/fediverse/moderation';
import { locales, type Locale } from '@/core/locales';
import type { FollowerCounts, FollowerRow } from '@/core/fediverse/moderation-views';
import { blockAction, decideFollowRequestAction } from '@/server/studio/actions/fediverse-actions';
import { StudioForm } from '../studio-form';
import { FigureList } from '../figure-list';
import studio from '../studio.module.css';
import { FediverseAccount } from './fediverse-account';
import styles from './fediverse.module.css';

interface Props {
  locale: Locale;
  query: FollowerQuery;
  counts: FollowerCounts;
  followers: FollowerRow[];
  next: number | null;
  addresses: Record<Locale, string>;
  isHeldPolicy: boolean;
}

const href = (locale: Locale, query: FollowerQuery) => {
  const params = new URLSearchParams({ language: query.locale, state: query.state });
  if (query.before) params.set('before', String(query.before));
  return `/${locale}/studio/fediverse?${params}`;
};

export async function FollowerList({ locale, query, counts, followers, next, addresses, isHeldPolicy }: Props) {
  const [t, langs, forms] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.fediverse.followers' }),
    getTranslations({ locale, namespace: 'studio.languages' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
  ]);
  const number = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB');
  const date = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium' });
  const address = addresses[query.locale];
  return (
    <>
      <section className={styles.summary} aria-labelledby="fediverse-summary">
        <h2 id="fediverse-summary" className="sr-only">
          {t('summary')}
        </h2>
        <FigureList
          figures={locales.flatMap((l) =>
            followerStates.map((state) => ({
              key: `${l}-${state}`,
              label: t(state === 'accepted' ? 'figureAccepted' : 'figurePending', { language: langs(l) }),
              value: counts[l][state],
            })),
          )}
          format={number}
          columns={4}
        />
      </section>
      <section aria-labelledby="fediverse-list">
        <h2 id="fediverse-list" className="sr-only">
          {t('list')}
        </h2>
        <ul className={styles.choices} aria-label={t('language')}>
          {locales.map((l) => (
            <li key={l}>
              <Link href={href(locale, { locale: l, state: query.state })} aria-current={l === query.locale ? 'page' : undefined} hrefLang={l}>
                {langs(l)}
              </Link>
            </li>
          ))}
        </ul>
        <ul className={styles.choices} aria-label={t('list')}>
          {followerStates.map((state) => (
            <li key={state}>
              <Link href={href(locale, { locale: query.locale, state })} aria-current={state === query.state ? 'page' : undefined}>
                {t(state)} ({number.format(counts[query.locale][state])})
              </Link>
            </li>
          ))}
        </ul>
        <p className={studio.muted}>
          {t('address', { address })}
          {isHeldPolicy && ` ${t('heldPolicy')}`}
        </p>
        {followers.length === 0 ? (
          <p>{t(query.state === 'accepted' ? 'emptyAccepted' : 'emptyPending', { address })}</p>
        ) : (
          <table className={studio.table}>
            <thead>
              <tr>
                <th scope="col">{t('columnAccount')}</th>
                <th scope="col">{t('columnInstance')}</th>
                <th scope="col">{t('columnSince')}</th>
                <th scope="col">{t('columnActions')}</th>
              </tr>
            </thead>
            <tbody>
              {followers.map((f) => (
                <tr key={f.id} data-follower={f.handle}>
                  <td>
                    <FediverseAccount name={f.name} handle={f.handle} url={f.actorUri} />
                  </td>
                  <td className={studio.breakAll}>{f.instanceHost}</td>
                  <td className={studio.muted}>
                    <time dateTime={f.createdAt}>{date.format(new Date(f.createdAt))}</time>
                  </td>
                  <td>
                    <div className={styles.actions}>
                      {f.state === 'pending' &&
                        (['accept', 'reject'] as const).map((decision) => (
                          <StudioForm
                            key={decision}
                            inline
                            action={decideFollowRequestAction}
                            locale={locale}
                            idPrefix={`follower-${f.id}-${decision}`}
                            submitLabel={t(decision)}
                            pendingLabel={forms('saving')}
                            variant={decision === 'reject' ? 'danger' : 'primary'}
                            fields={[
                              { name: 'id', type: 'hidden', label: '', defaultValue: String(f.id) },
                              { name: 'decision', type: 'hidden', label: '', defaultValue: decision },
                            ]}
                          />
                        ))}
                      <BlockButtons locale={locale} id={`follower-${f.id}`} actorUri={f.actorUri} handle={f.handle} host={f.instanceHost} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {(query.before || next) && (
          <nav className={studio.pager} aria-label={t('pages')}>
            {query.before && <Link href={href(locale, { locale: query.locale, state: query.state })}>{t('first')}</Link>}
            {next && <Link href={href(locale, { ...query, before: next })}>{t('next')}</Link>}
          </nav>
        )}
      </section>
    </>
  );
}

/** Block the account, or its whole instance: each asks first (with JavaScript). */
export async function BlockButtons({ locale, id, actorUri, handle, host }: { locale: Locale; id: string; actorUri: string; handle: string; host: string }) {
  const [t, forms] = await Promise.all([getTranslations({ locale, namespace: 'studio.fediverse.followers' }), getTranslations({ locale, namespace: 'studio.forms' })]);
  const blocks = [
    { kind: 'actor', value: actorUri, label: t('blockActor'), question: t('blockActorConfirm', { handle }) },
    { kind: 'instance', value: host, label: t('blockInstance'), question: t('blockInstanceConfirm', { host }) },
  ];
  return blocks.map((b) => (
    <StudioForm
      key={b.kind}
      inline
      action={blockAction}
      locale={locale}
      idPrefix={`${id}-block-${b.kind}`}
      submitLabel={b.label}
      pendingLabel={forms('saving')}
      variant="danger"
      confirm={{ message: b.question, confirm: b.label, cancel: t('cancel') }}
      fields={[
        { name: 'kind', type: 'hidden', label: '', defaultValue: b.kind },
        { name: 'value', type: 'hidden', label: '', defaultValue: b.value },
      ]}
    />
  ));
}
