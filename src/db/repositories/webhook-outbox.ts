// What the publishing use cases' events mean for webhooks, written inside the transaction
// that made the change (db/publishing/apply-plan.ts): published is post.published,
// updated post.updated, unpublished post.unpublished, outdated translation.outdated, and
// what the scheduler published is also post.scheduled_published. The deliveries are
// written with the change, or not at all; an import tells no one.
import type { Kysely } from 'kysely';
import type { PublishingEvent } from '@/core/publishing/events';
import type { PayloadPost, WebhookOccurrence } from '@/core/webhooks/events';
import { isLocale, otherLocale, type Locale } from '@/core/locales';
import { postPath } from '@/core/content/post-path';
import { absoluteUrl, siteUrl } from '@/core/config/site-url';
import type { Database } from '../schema';
import { enqueueOccurrences, hasActiveWebhooks } from './webhook-deliveries';

interface PostFacts {
  kind: 'post' | 'page';
  sourceLocale: Locale;
  live: Map<Locale, { slug: string; title: string }>;
}

async function readPostFacts(trx: Kysely<Database>, postId: number): Promise<PostFacts | null> {
  const post = await trx.selectFrom('posts').select(['kind', 'source_locale']).where('id', '=', postId).executeTakeFirst();
  if (!post || !isLocale(post.source_locale)) return null;
  const rows = await trx.selectFrom('live_translations').select(['locale', 'slug', 'title']).where('post_id', '=', postId).execute();
  const live = new Map(rows.filter((r) => isLocale(r.locale)).map((r) => [r.locale as Locale, { slug: r.slug, title: r.title }]));
  return { kind: post.kind === 'page' ? 'page' : 'post', sourceLocale: post.source_locale, live };
}

function payloadPost(postId: number, facts: PostFacts, locale: Locale, gone?: { slug: string; title: string }): PayloadPost {
  const urlOf = (l: Locale, slug: string) => absoluteUrl(postPath(facts.kind, l, slug));
  const own = facts.live.get(locale);
  const shown = own ?? gone;
  const other = otherLocale(locale);
  const otherLive = facts.live.get(other);
  return {
    id: postId,
    kind: facts.kind,
    locale,
    live: own !== undefined,
    slug: shown?.slug ?? null,
    title: shown?.title ?? null,
    url: shown ? urlOf(locale, shown.slug) : null,
    sourceLocale: facts.sourceLocale,
    otherLocale: { locale: other, url: otherLive ? urlOf(other, otherLive.slug) : null },
  };
}

/** The webhook deliveries the events call for, with the payloads as the change left the post. */
export async function recordWebhookEvents(trx: Kysely<Database>, events: readonly PublishingEvent[], now: Date): Promise<void> {
  const relevant = events.filter((e) => e.type === 'published' || e.type === 'updated' || e.type === 'unpublished' || e.type === 'outdated');
  if (relevant.length === 0 || !(await hasActiveWebhooks(trx))) return;
  const occurrences: WebhookOccurrence[] = [];
  const factsOf = new Map<number, PostFacts | null>();
  for (const event of relevant) {
    if (!factsOf.has(event.postId)) factsOf.set(event.postId, await readPostFacts(trx, event.postId));
    const facts = factsOf.get(event.postId);
    if (!facts) continue;
    switch (event.type) {
      case 'published':
      case 'updated': {
        const post = payloadPost(event.postId, facts, event.locale);
        occurrences.push({ event: event.type === 'published' ? 'post.published' : 'post.updated', post });
        if (event.by === 'schedule') occurrences.push({ event: 'post.scheduled_published', post });
        break;
      }
      case 'unpublished':
        occurrences.push({ event: 'post.unpublished', post: payloadPost(event.postId, facts, event.locale, { slug: event.slug, title: event.title }) });
        break;
      case 'outdated':
        occurrences.push({ event: 'translation.outdated', post: payloadPost(event.postId, facts, event.locale) });
        break;
    }
  }
  await enqueueOccurrences(trx, occurrences, siteUrl().origin, now);
}
