// Under an article: the replies from the fediverse approved in the Studio, in the page's
// language, oldest first, each with its author (linking to their profile), instance and
// date in the site's time zone; how many liked and boosted it there; and the address to
// follow this language at. Nothing at all when there is nothing. Server-rendered.
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import { formatDate } from '@/server/post-view';
import { getArticleFediverse, getFediverseAddress } from '@/server/site/fediverse-replies';
import { getSiteTimeZone } from '@/server/site/site-identity';

export async function FediverseReplies({ postId, locale }: { postId: number; locale: Locale }) {
  const { replies, likes, boosts } = await getArticleFediverse(postId, locale);
  if (replies.length === 0 && likes === 0 && boosts === 0) return null;
  const Wrapper = replies.length > 0 ? 'section' : 'div';
  const [t, timeZone, address] = await Promise.all([getTranslations({ locale, namespace: 'post' }), getSiteTimeZone(), getFediverseAddress(locale)]);
  return (
    // A section with its heading over replies; only likes and boosts are a line, not a section.
    <Wrapper className="fediverse" aria-labelledby={replies.length > 0 ? 'fediverse-replies' : undefined} lang={locale}>
      {replies.length > 0 && <h2 id="fediverse-replies">{t('fediverseTitle')}</h2>}
      {(likes > 0 || boosts > 0) && <p className="fediverse__reactions">{t('fediverseReactions', { likes, boosts })}</p>}
      {replies.length > 0 && (
        <ol className="fediverse__replies">
          {replies.map((r) => (
            <li key={r.id} className="fediverse__reply">
              <p className="fediverse__byline">
                <a href={r.actorUrl ?? r.actorUri} rel="nofollow noopener noreferrer ugc" className="fediverse__author">
                  {r.actorName && <strong>{r.actorName}</strong>} <span className="fediverse__handle">{r.actorHandle}</span>
                </a>
                <span className="fediverse__meta">
                  {t('fediverseOn', { host: r.instanceHost })} ·{' '}
                  {r.url ? (
                    <a href={r.url} rel="nofollow noopener noreferrer ugc">
                      <time dateTime={r.publishedAt}>{formatDate(r.publishedAt, locale, timeZone)}</time>
                    </a>
                  ) : (
                    <time dateTime={r.publishedAt}>{formatDate(r.publishedAt, locale, timeZone)}</time>
                  )}
                </span>
              </p>
              {/* Sanitized with the Markdown schema when it arrived: rendered as stored. */}
              <div className="fediverse__content" dangerouslySetInnerHTML={{ __html: r.contentHtml }} />
            </li>
          ))}
        </ol>
      )}
      <p className="fediverse__follow">{t('fediverseFollow', { address })}</p>
    </Wrapper>
  );
}
