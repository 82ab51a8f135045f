// The Studio's posts list: filters, sort, count and page answered by one indexed query on
// the narrow studio_posts table (one row per post), then the page's 25 posts' language
// states loaded by id. Before it reads, the list refreshes at most one batch of stale
// rows (studio-list-refresh.ts); a site with more stale posts than that (after an
// upgrade, a large import) is answered with how far the background drain has got, so
// the list is never short without saying so. A list page costs the same fixed number of
// queries whatever the size of the site.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { TranslationStatus } from '@/core/content/types';
import type { Locale } from '@/core/locales';
import type { Database } from '../schema';
import { refreshBatch, refreshStudioList, studioListProgress, type StudioListProgress } from './studio-list-refresh';
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

export interface StudioListPage {
  items: StudioPostSummary[];
  /** How many posts match in all (of those whose rows are ready, while `preparing`). */
  total: number;
  /** Set while some posts' rows are not ready yet: the filters and the count leave them out or show them as they were. */
  preparing: StudioListProgress | null;
}

/**
 * One page of the list, newest change first, and how many posts match in all. Refreshes
 * at most `refreshLimit` stale posts first (none while a drain is already at work).
 */
export async function listStudioPosts(db: Kysely<Database>, options: StudioListOptions, refreshLimit = refreshBatch): Promise<StudioListPage> {
  const refreshed = await refreshStudioList(db, refreshLimit);
  // Fewer than asked for: none were left when the refresh looked.
  const preparing = refreshed < refreshLimit ? null : await studioListProgress(db);
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
  return { items, total: Number(count.total), preparing };
}
