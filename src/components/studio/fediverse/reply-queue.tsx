// The Replies screen's body: the count in each state as links, then one state's replies,
// newest first (25 a page, by keyset), each with the article it answers, its author and
// instance, its text as sanitized on arrival, and the moderation buttons: approve, hide,
// back to waiting, block the author or the instance.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { ReplyQuery } from '@/core/fediverse/moderation';
import { replyStates, type ReplyState } from '@/core/fediverse/types';
import { postPath } from '@/core/content/post-path';
import type { Locale } from '@/core/locales';
import type { QueuedReply, ReplyCounts } from '@/core/fediverse/moderation-views';
import { moderateReplyAction } from '@/server/studio/actions/fediverse-actions';
import { StudioForm } from '../studio-form';
import studio from '../studio.module.css';
import { FediverseAccount } from './fediverse-account';
import { BlockButtons } from './follower-list';
import styles from './fediverse.module.css';

interface Props {
  locale: Locale;
  query: ReplyQuery;
  counts: ReplyCounts;
  replies: QueuedReply[];
  next: number | null;
  isAutoPolicy: boolean;
}

const href = (locale: Locale, state: ReplyState, before?: number) => `/${locale}/studio/fediverse/replies?state=${state}${before ? `&before=${before}` : ''}`;

/** What a moderator can move a reply to from where it is. */
const moves: Record<ReplyState, ReplyState[]> = { held: ['approved', 'hidden'], approved: ['hidden', 'held'], hidden: ['approved', 'held'] };
const moveLabel = { approved: 'approve', hidden: 'hide', held: 'hold' } as const;
const emptyKey = { held: 'emptyHeld', approved: 'emptyApproved', hidden: 'emptyHidden' } as const;

export async function ReplyQueue({ locale, query, counts, replies, next, isAutoPolicy }: Props) {
  const [t, langs, forms] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.fediverse.replies' }),
    getTranslations({ locale, namespace: 'studio.languages' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
  ]);
  const number = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB');
  const date = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="fediverse-replies">
      <h2 id="fediverse-replies" className="sr-only">
        {t('filter')}
      </h2>
      <ul className={styles.choices} aria-label={t('filter')}>
        {replyStates.map((state) => (
          <li key={state}>
            <Link href={href(locale, state)} aria-current={state === query.state ? 'page' : undefined} data-reply-state={state}>
              {t(`states.${state}`)} ({number.format(counts[state])})
            </Link>
          </li>
        ))}
      </ul>
      {isAutoPolicy && <p className={studio.muted}>{t('autoPolicy')}</p>}
      {replies.length === 0 ? (
        <p>{t(emptyKey[query.state])}</p>
      ) : (
        <ol className={styles.replies}>
          {replies.map((r) => (
            <li key={r.id} className={styles.reply} data-reply={r.id}>
              <p className={styles.context}>
                {t('inReplyTo')}{' '}
                {r.articleSlug && r.articleKind ? (
                  <a href={postPath(r.articleKind, r.locale, r.articleSlug)} lang={r.locale}>
                    {r.articleTitle}
                  </a>
                ) : (
                  t('deletedArticle')
                )}{' '}
                <span className={studio.badge}>{langs(r.locale)}</span>
              </p>
              <div className={styles.replyHead}>
                <FediverseAccount name={r.actorName} handle={r.actorHandle} url={r.actorUrl ?? r.actorUri} />
                <span className={studio.muted}>
                  <time dateTime={r.receivedAt}>{t('received', { date: date.format(new Date(r.receivedAt)) })}</time>
                  {r.url && (
                    <>
                      {' · '}
                      <a href={r.url} rel="nofollow noopener noreferrer" target="_blank">
                        {t('original', { host: r.instanceHost })}
                      </a>
                    </>
                  )}
                </span>
              </div>
              {/* Sanitized with the Markdown schema when it arrived: shown as stored. */}
              <div className={styles.content} lang={r.locale} dangerouslySetInnerHTML={{ __html: r.contentHtml }} />
              <div className={styles.actions}>
                {moves[r.state].map((state) => (
                  <StudioForm
                    key={state}
                    inline
                    action={moderateReplyAction}
                    locale={locale}
                    idPrefix={`reply-${r.id}-${state}`}
                    submitLabel={t(moveLabel[state])}
                    pendingLabel={forms('saving')}
                    variant={state === 'hidden' ? 'danger' : 'primary'}
                    fields={[
                      { name: 'id', type: 'hidden', label: '', defaultValue: String(r.id) },
                      { name: 'state', type: 'hidden', label: '', defaultValue: state },
                    ]}
                  />
                ))}
                <BlockButtons locale={locale} id={`reply-${r.id}`} actorUri={r.actorUri} handle={r.actorHandle} host={r.instanceHost} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {(query.before || next) && (
        <nav className={studio.pager} aria-label={t('pages')}>
          {query.before && <Link href={href(locale, query.state)}>{t('first')}</Link>}
          {next && <Link href={href(locale, query.state, next)}>{t('next')}</Link>}
        </nav>
      )}
    </section>
  );
}
