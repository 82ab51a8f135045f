// The languages of a batch of posts for a Duet export: each translation's working draft
// (post_translations), its live text (live_translations) when published, its schedule,
// its revisions and its review requests, exactly as stored. A handful of queries per
// batch, whatever its size.
import type { Kysely, Selectable } from 'kysely';
import type { ExportRevision, ExportReviewRequest, ExportTranslation } from '@/core/export/export-schema';
import type { Database } from '../schema';
import { unpackText, type StoredText } from '../stored-text';
import { draftBody, liveBody } from './live-body';
import type { TranslationTextRow } from './map-rows';

type Db = Kysely<Database>;

/** With `draftBody()` as `body`: the draft keeps its Markdown in its revision (live-body.ts). */
const draftColumns = [
  'id',
  'post_id',
  'locale',
  'state',
  'slug',
  'title',
  'excerpt',
  'seo_title',
  'seo_description',
  'reading_minutes',
  'revision_id',
  'based_on_revision_id',
  'updated_at',
  'publish_at',
  'scheduled_revision_id',
] as const;

/** With `liveBody()` as `body`: the live row keeps its Markdown in its revision (live-body.ts). */
const liveColumns = [
  'translation_id',
  'slug',
  'title',
  'excerpt',
  'seo_title',
  'seo_description',
  'reading_minutes',
  'revision_id',
  'based_on_revision_id',
  'published_at',
  'updated_at',
] as const;

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

export async function readExportTranslations(
  db: Db,
  postIds: number[],
  withRevisions: boolean,
): Promise<Array<{ postId: number; translation: ExportTranslation }>> {
  const drafts = await db.selectFrom('post_translations').select(draftColumns).select(draftBody().as('body')).where('post_id', 'in', postIds).orderBy('post_id').orderBy('id').execute();
  if (drafts.length === 0) return [];
  const ids = drafts.map((d) => d.id);
  const [lives, revisions, reviews] = await Promise.all([
    db.selectFrom('live_translations').select(liveColumns).select(liveBody().as('body')).where('translation_id', 'in', ids).execute(),
    withRevisions ? db.selectFrom('revisions').selectAll().where('translation_id', 'in', ids).orderBy('id').execute() : Promise.resolve([]),
    db.selectFrom('review_requests').selectAll().where('translation_id', 'in', ids).orderBy('id').execute(),
  ]);
  const liveOf = new Map(lives.map((l) => [l.translation_id, l]));
  const revisionsOf = groupBy(revisions, (r) => r.translation_id);
  const reviewsOf = groupBy(reviews, (r) => r.translation_id);

  return drafts.map((d) => {
    if (d.revision_id === null) throw new Error(`Translation ${d.id} has no revision, so it cannot be exported (was it saved half-way?).`);
    const live = liveOf.get(d.id);
    const translation: ExportTranslation = {
      id: d.id,
      locale: d.locale as ExportTranslation['locale'],
      state: d.state as ExportTranslation['state'],
      draft: {
        ...text(d),
        readingMinutes: d.reading_minutes,
        revisionId: d.revision_id,
        basedOnRevisionId: d.based_on_revision_id,
        updatedAt: d.updated_at,
      },
      live: live
        ? {
            ...text(live),
            readingMinutes: live.reading_minutes,
            revisionId: live.revision_id,
            basedOnRevisionId: live.based_on_revision_id,
            publishedAt: live.published_at,
            updatedAt: live.updated_at,
          }
        : null,
      schedule: d.publish_at === null && d.scheduled_revision_id === null ? null : { publishAt: d.publish_at, revisionId: d.scheduled_revision_id },
      revisions: (revisionsOf.get(d.id) ?? []).map(toRevision),
      reviewRequests: (reviewsOf.get(d.id) ?? []).map(toReviewRequest),
    };
    return { postId: d.post_id, translation };
  });
}

function text(row: Omit<TranslationTextRow, 'body'> & { body: StoredText }) {
  return { slug: row.slug, title: row.title, excerpt: row.excerpt, body: unpackText(row.body), seoTitle: row.seo_title, seoDescription: row.seo_description };
}

function toRevision(row: Selectable<Database['revisions']>): ExportRevision {
  return {
    id: row.id,
    createdAt: row.created_at,
    authorUserId: row.author_user_id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    body: unpackText(row.body),
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
  };
}

function toReviewRequest(row: Selectable<Database['review_requests']>): ExportReviewRequest {
  return {
    id: row.id,
    revisionId: row.revision_id,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at,
    note: row.note,
    state: row.state as ExportReviewRequest['state'],
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    decisionNote: row.decision_note,
    submittedRevisionId: row.submitted_revision_id ?? row.revision_id,
    changedAt: row.changed_at,
  };
}
