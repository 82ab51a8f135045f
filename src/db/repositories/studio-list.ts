// The Studio's posts list: filters, sort, count and page answered by one indexed query on
// the narrow studio_posts table (one row per post), then the page's 25 posts' language
// states loaded by id. The database marks a post stale whenever what its row is made of
// changes (the studio-list migration's triggers); stale rows are refreshed here, before
// the list is read, and in the background after a start. A list page costs the same
// fixed number of queries whatever the size of the site.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { TranslationStatus } from '@/core/content/types';
import { otherLocale, type Locale } from '@/core/locales';
import { isPostgres } from '../dialect';
import type { Database } from '../schema';
import { inTransaction as write } from '../transaction';
import { loadLanguageStates, statusOfLanguages, type StudioLanguages } from './studio-states';

export interface StudioPostSummary {
  id: number;
  kind: string;
  sourceLocale: Locale;
  ownerUserId: string | null;
  updatedAt: string;
  languages: StudioLanguages;
  status: Record<Locale, TranslationStatus>;
}

export interface StudioListOptions {
  q?: string;
  /** Only posts where some language has this status. */
  status?: TranslationStatus;
  /** Only posts whose translation (the non-source language) has this status. */
  translation?: TranslationStatus;
  /** Only the posts this account owns (an author's view); every post when absent. */
  ownerUserId?: string;
  page: number;
  pageSize: number;
}

/** How many stale posts one refresh reads at a time. */
const refreshBatch = 500;

/**
 * Brings the rows of stale posts up to date; returns how many posts were refreshed.
 * `limit` bounds the work (the background drain after a start); the list drains all.
 */
export async function refreshStudioList(db: Kysely<Database>, limit = Infinity): Promise<number> {
  let refreshed = 0;
  while (refreshed < limit) {
    const stale = await db.selectFrom('studio_posts_stale').select('post_id').distinct().limit(refreshBatch).execute();
    if (stale.length === 0) break;
    const postIds = stale.map((s) => s.post_id);
    await write(db, async (trx) => {
      // Marks first, states after: a change saved meanwhile is either read below or has
      // left a new mark for the next refresh.
      await trx.deleteFrom('studio_posts_stale').where('post_id', 'in', postIds).execute();
      const [posts, states] = await Promise.all([
        trx.selectFrom('posts').select(['id', 'kind', 'source_locale', 'owner_user_id', 'updated_at']).where('id', 'in', postIds).execute(),
        loadLanguageStates(trx, postIds),
      ]);
      const rows = posts.map((p) => {
        const sourceLocale = p.source_locale as Locale;
        const languages = states.get(p.id) ?? {};
        const status = statusOfLanguages(sourceLocale, languages);
        return {
          post_id: p.id,
          kind: p.kind,
          source_locale: p.source_locale,
          owner_user_id: p.owner_user_id,
          updated_at: p.updated_at,
          title_zh: languages.zh?.title ?? null,
          title_en: languages.en?.title ?? null,
          status_zh: status.zh,
          status_en: status.en,
          translation_status: status[otherLocale(sourceLocale)],
        };
      });
      if (rows.length === 0) return;
      await trx
        .insertInto('studio_posts')
        .values(rows)
        .onConflict((oc) =>
          oc.column('post_id').doUpdateSet((eb) => ({
            kind: eb.ref('excluded.kind'),
            source_locale: eb.ref('excluded.source_locale'),
            owner_user_id: eb.ref('excluded.owner_user_id'),
            updated_at: eb.ref('excluded.updated_at'),
            title_zh: eb.ref('excluded.title_zh'),
            title_en: eb.ref('excluded.title_en'),
            status_zh: eb.ref('excluded.status_zh'),
            status_en: eb.ref('excluded.status_en'),
            translation_status: eb.ref('excluded.translation_status'),
          })),
        )
        .execute();
    });
    refreshed += postIds.length;
  }
  return refreshed;
}

function listFilter(options: StudioListOptions) {
  return (eb: ExpressionBuilder<Database, 'studio_posts'>) => {
    const conditions = [];
    if (options.ownerUserId !== undefined) conditions.push(eb('owner_user_id', '=', options.ownerUserId));
    if (options.status) conditions.push(eb.or([eb('status_zh', '=', options.status), eb('status_en', '=', options.status)]));
    if (options.translation) conditions.push(eb('translation_status', '=', options.translation));
    const q = options.q?.trim();
    if (q) {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        eb.or([sql<boolean>`lower(title_zh) like lower(${pattern}) escape '\\'`, sql<boolean>`lower(title_en) like lower(${pattern}) escape '\\'`]),
      );
    }
    return eb.and(conditions);
  };
}

/** A refresh of at least this many posts is a bulk fill (an upgrade, a large import): see analyzeStudioList. */
export const bulkRefresh = 1000;

/**
 * After a bulk fill, tells PostgreSQL's planner what studio_posts now holds and marks its
 * pages all-visible. Until autovacuum gets to it (a minute later, or never where
 * autovacuum is off) the planner plans from the empty table it last saw, and a count
 * must visit every row it counts: at 100,000 posts the "translation outdated" filter's
 * count read 10,000 rows from the table (36 ms) where its index alone answers it (1.2 ms),
 * and the whole list's count 76 ms against 30. SQLite plans from its indexes' shapes and
 * counts from an index already. Runs outside a transaction (VACUUM cannot run in one).
 */
export async function analyzeStudioList(db: Kysely<Database>): Promise<void> {
  if (isPostgres(db)) await sql`vacuum analyze studio_posts`.execute(db);
}

/** One page of the list, newest change first, and how many posts match in all. */
export async function listStudioPosts(db: Kysely<Database>, options: StudioListOptions): Promise<{ items: StudioPostSummary[]; total: number }> {
  if ((await refreshStudioList(db)) >= bulkRefresh) await analyzeStudioList(db);
  const where = listFilter(options);
  const [page, count] = await Promise.all([
    db
      .selectFrom('studio_posts')
      .select(['post_id', 'kind', 'source_locale', 'owner_user_id', 'updated_at'])
      .where(where)
      .orderBy('updated_at', 'desc')
      .orderBy('post_id', 'desc')
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    db.selectFrom('studio_posts').select((eb) => eb.fn.countAll().as('total')).where(where).executeTakeFirstOrThrow(),
  ]);
  const states = await loadLanguageStates(db, page.map((p) => p.post_id));
  const items = page.map((p): StudioPostSummary => {
    const sourceLocale = p.source_locale as Locale;
    const languages = states.get(p.post_id) ?? {};
    return { id: p.post_id, kind: p.kind, sourceLocale, ownerUserId: p.owner_user_id, updatedAt: p.updated_at, languages, status: statusOfLanguages(sourceLocale, languages) };
  });
  return { items, total: Number(count.total) };
}
