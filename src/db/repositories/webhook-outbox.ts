// What a change to the live table means for webhooks, decided inside the transaction
// that makes it (goLive/goOffline call these): a language live for the first time is
// post.published, live again with changes post.updated, taken off post.unpublished; the
// scheduler's publication is also post.scheduled_published; a source that went live with
// a new revision makes the other language translation.outdated when this is the change
// that put it behind. The deliveries are written with the change, or not at all.
import type { Kysely } from 'kysely';
import { isOutdated } from '@/core/content/translation-status';
import type { PayloadPost, WebhookOccurrence } from '@/core/webhooks/events';
import { isLocale, otherLocale, type Locale } from '@/i18n/routing';
import { postPath } from '@/server/post-view';
import { absoluteUrl, siteUrl } from '@/server/site-url';
import type { Database } from '../schema';
import { enqueueOccurrences, hasActiveWebhooks } from './webhook-deliveries';

/** Who made the change: a person (or API), the scheduler, or an import (which tells no one). */
export type LiveTrigger = 'action' | 'schedule' | 'import';

/** The parts of a live text whose change a receiver hears about as post.updated. */
export interface LiveSnapshot {
  revision_id: number;
  slug: string;
  title: string;
  excerpt: string;
  seo_title: string | null;
  seo_description: string | null;
}

export async function readLiveSnapshot(trx: Kysely<Database>, translationId: number): Promise<LiveSnapshot | undefined> {
  return trx
    .selectFrom('live_translations')
    .select(['revision_id', 'slug', 'title', 'excerpt', 'seo_title', 'seo_description'])
    .where('translation_id', '=', translationId)
    .executeTakeFirst();
}

const hasChanged = (before: LiveSnapshot, after: LiveSnapshot) =>
  (Object.keys(after) as Array<keyof LiveSnapshot>).some((key) => before[key] !== after[key]);

interface PostFacts {
  kind: 'post' | 'page';
  sourceLocale: Locale;
  live: Map<Locale, { slug: string; title: string; basedOn: number | null }>;
}

async function readPostFacts(trx: Kysely<Database>, postId: number): Promise<PostFacts | null> {
  const post = await trx.selectFrom('posts').select(['kind', 'source_locale']).where('id', '=', postId).executeTakeFirst();
  if (!post || !isLocale(post.source_locale)) return null;
  const rows = await trx.selectFrom('live_translations').select(['locale', 'slug', 'title', 'based_on_revision_id']).where('post_id', '=', postId).execute();
  const live = new Map(rows.filter((r) => isLocale(r.locale)).map((r) => [r.locale as Locale, { slug: r.slug, title: r.title, basedOn: r.based_on_revision_id }]));
  return { kind: post.kind === 'page' ? 'page' : 'post', sourceLocale: post.source_locale, live };
}

function payloadPost(postId: number, facts: PostFacts, locale: Locale, gone?: { slug: string; title: string }): PayloadPost {
  const urlOf = (l: Locale, slug: string) => absoluteUrl(postPath({ kind: facts.kind }, l, slug));
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

/** The other language, when this source change is what put it behind. */
async function outdatedTranslation(trx: Kysely<Database>, postId: number, facts: PostFacts, before: LiveSnapshot | undefined, after: LiveSnapshot, locale: Locale) {
  const other = otherLocale(locale);
  const draft = await trx.selectFrom('post_translations').select('based_on_revision_id').where('post_id', '=', postId).where('locale', '=', other).executeTakeFirst();
  if (!draft) return null;
  // Readers' view when it is live; otherwise the translator's draft.
  const live = facts.live.get(other);
  const translation = { basedOnRevisionId: live ? live.basedOn : draft.based_on_revision_id };
  return isOutdated(translation, after.revision_id) && !isOutdated(translation, before?.revision_id) ? other : null;
}

export interface WentLive {
  translationId: number;
  postId: number;
  locale: Locale;
  before: LiveSnapshot | undefined;
  after: LiveSnapshot;
  trigger: LiveTrigger;
  now: Date;
}

export async function recordWentLive(trx: Kysely<Database>, change: WentLive): Promise<void> {
  if (change.trigger === 'import' || !(await hasActiveWebhooks(trx))) return;
  const facts = await readPostFacts(trx, change.postId);
  if (!facts) return;
  const post = payloadPost(change.postId, facts, change.locale);
  const occurrences: WebhookOccurrence[] = [];
  if (!change.before) occurrences.push({ event: 'post.published', post });
  else if (hasChanged(change.before, change.after)) occurrences.push({ event: 'post.updated', post });
  if (change.trigger === 'schedule') occurrences.push({ event: 'post.scheduled_published', post });
  if (change.locale === facts.sourceLocale && change.before?.revision_id !== change.after.revision_id) {
    const behind = await outdatedTranslation(trx, change.postId, facts, change.before, change.after, change.locale);
    if (behind) occurrences.push({ event: 'translation.outdated', post: payloadPost(change.postId, facts, behind) });
  }
  await enqueueOccurrences(trx, occurrences, siteUrl().origin, change.now);
}

export async function recordWentOffline(trx: Kysely<Database>, change: { postId: number; locale: string; slug: string; title: string; now: Date }): Promise<void> {
  if (!isLocale(change.locale) || !(await hasActiveWebhooks(trx))) return;
  const facts = await readPostFacts(trx, change.postId);
  if (!facts) return;
  const post = payloadPost(change.postId, facts, change.locale, { slug: change.slug, title: change.title });
  await enqueueOccurrences(trx, [{ event: 'post.unpublished', post }], siteUrl().origin, change.now);
}
