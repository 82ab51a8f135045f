// Where each language of some posts stands, for the Studio: its draft, its live version
// (if published), its schedule and its latest review request, read in three batched
// queries whatever the number of posts, and the one status per language editors see.
import type { Kysely } from 'kysely';
import { editorialStatus, type LanguageState, type ReviewState } from '@/core/content/editorial-status';
import type { TranslationStatus } from '@/core/content/types';
import { isLocale, locales, type Locale } from '@/core/locales';
import type { Database } from '../schema';

export interface StudioReview {
  id: number;
  state: ReviewState;
  /** What the request asks to publish: it follows the draft while pending. */
  revisionId: number;
  submittedRevisionId: number;
  changedAt: string | null;
  note: string;
  decisionNote: string;
  requestedBy: string | null;
  requestedByName: string | null;
  requestedAt: string;
  decidedByName: string | null;
  decidedAt: string | null;
}

export interface StudioLanguage extends LanguageState {
  translationId: number;
  title: string;
  slug: string;
  updatedAt: string;
  scheduledRevisionId: number | null;
  live: (LanguageState['live'] & { slug: string; publishedAt: string; updatedAt: string }) | null;
  review: StudioReview | null;
}

export type StudioLanguages = Partial<Record<Locale, StudioLanguage>>;

export async function loadLanguageStates(db: Kysely<Database>, postIds: number[] | 'all'): Promise<Map<number, StudioLanguages>> {
  if (postIds !== 'all' && postIds.length === 0) return new Map();
  // Past a few thousand ids an IN list costs more than reading every row.
  const some = postIds !== 'all' && postIds.length <= 5000;
  const [drafts, live, reviews] = await Promise.all([
    db
      .selectFrom('post_translations')
      .select(['id', 'post_id', 'locale', 'title', 'slug', 'updated_at', 'revision_id', 'based_on_revision_id', 'publish_at', 'scheduled_revision_id'])
      .$if(some, (qb) => qb.where('post_id', 'in', postIds as number[]))
      .execute(),
    db
      .selectFrom('live_translations')
      .select(['translation_id', 'post_id', 'revision_id', 'based_on_revision_id', 'slug', 'published_at', 'updated_at'])
      .$if(some, (qb) => qb.where('post_id', 'in', postIds as number[]))
      .execute(),
    // The latest request per translation.
    db
      .selectFrom('review_requests as r')
      .innerJoin('post_translations as t', 't.id', 'r.translation_id')
      .leftJoin('auth_users as requester', 'requester.id', 'r.requested_by')
      .leftJoin('auth_users as decider', 'decider.id', 'r.decided_by')
      .select([
        'r.id',
        'r.translation_id',
        'r.state',
        'r.revision_id',
        'r.submitted_revision_id',
        'r.changed_at',
        'r.note',
        'r.decision_note',
        'r.requested_by',
        'r.requested_at',
        'r.decided_at',
        'requester.name as requester_name',
        'decider.name as decider_name',
      ])
      .where((eb) => eb('r.id', '=', eb.selectFrom('review_requests as latest').select((e) => e.fn.max('latest.id').as('m')).whereRef('latest.translation_id', '=', 'r.translation_id')))
      .$if(some, (qb) => qb.where('t.post_id', 'in', postIds as number[]))
      .execute(),
  ]);
  const liveById = new Map(live.map((l) => [l.translation_id, l]));
  const reviewById = new Map(reviews.map((r) => [r.translation_id, r]));
  const byPost = new Map<number, StudioLanguages>();
  for (const d of drafts) {
    if (!isLocale(d.locale) || d.revision_id === null) continue;
    const l = liveById.get(d.id);
    const r = reviewById.get(d.id);
    const entry = byPost.get(d.post_id) ?? {};
    entry[d.locale] = {
      translationId: d.id,
      title: d.title,
      slug: d.slug,
      updatedAt: d.updated_at,
      scheduledRevisionId: d.scheduled_revision_id,
      draft: { revisionId: d.revision_id, basedOnRevisionId: d.based_on_revision_id, publishAt: d.publish_at },
      live: l ? { revisionId: l.revision_id, basedOnRevisionId: l.based_on_revision_id, slug: l.slug, publishedAt: l.published_at, updatedAt: l.updated_at } : null,
      review: r
        ? {
            id: r.id,
            state: r.state as ReviewState,
            revisionId: r.revision_id,
            submittedRevisionId: r.submitted_revision_id ?? r.revision_id,
            changedAt: r.changed_at,
            note: r.note,
            decisionNote: r.decision_note,
            requestedBy: r.requested_by,
            requestedByName: r.requester_name,
            requestedAt: r.requested_at,
            decidedByName: r.decider_name,
            decidedAt: r.decided_at,
          }
        : null,
    };
    byPost.set(d.post_id, entry);
  }
  return byPost;
}

/** The status of each language, given the post's source language. */
export function statusOfLanguages(sourceLocale: Locale, languages: StudioLanguages): Record<Locale, TranslationStatus> {
  const sourceLive = languages[sourceLocale]?.live ?? null;
  return Object.fromEntries(locales.map((l) => [l, editorialStatus(languages[l], sourceLive, l === sourceLocale)])) as Record<Locale, TranslationStatus>;
}
