// Keeps the Studio list's summary rows (studio_posts) current. The database marks a post
// stale whenever what its row is made of changes (the studio-list migration's triggers);
// the list refreshes at most one batch of stale posts before it reads, and a drain in the
// background refreshes the rest a batch at a time. An upgrade (the migration marks every
// post) or a large import leaves far more than a batch: no request waits for all of them
// (5.8 s on SQLite, 11.6 s on PostgreSQL at 100,000 posts), and until the drain is done
// the list says how far along it is (studioListProgress) rather than being silently short.
import { sql, type Kysely } from 'kysely';
import { otherLocale, type Locale } from '@/core/locales';
import { isPostgres } from '../dialect';
import type { Database } from '../schema';
import { inTransaction as write } from '../transaction';
import { loadLanguageStates, statusOfLanguages } from './studio-states';

/**
 * How many stale posts one refresh reads at a time: the most a list request refreshes,
 * and one step of the drain. On SQLite a batch holds the event loop while it runs: 11 ms
 * of CPU for 100 posts, 20 for 250, 40 for 500 (bench/studio-drain.ts, docs/performance.md),
 * so 200 keeps a reader's wait well under 50 ms on a quiet machine and the drain yields
 * between batches.
 */
export const refreshBatch = 200;

/** A refresh of at least this many posts is a bulk fill (an upgrade, a large import): see analyzeStudioList. */
export const bulkRefresh = 1000;

/**
 * Brings the rows of stale posts up to date, lowest post id first, `limit` posts at most,
 * in transactions of `refreshBatch` posts at most; returns how many posts were refreshed.
 */
export async function refreshStudioList(db: Kysely<Database>, limit = refreshBatch): Promise<number> {
  let refreshed = 0;
  while (refreshed < limit) {
    const stale = await db.selectFrom('studio_posts_stale').select('post_id').distinct().orderBy('post_id').limit(Math.min(refreshBatch, limit - refreshed)).execute();
    if (stale.length === 0) break;
    // In id order, as the drain and another request take them: two refreshes that meet on
    // PostgreSQL wait for each other rather than lock rows in crossed orders.
    const postIds = stale.map((s) => s.post_id);
    await write(db, async (trx) => {
      // Marks first, states after: a change saved meanwhile is either read below or has
      // left a new mark for the next refresh.
      await trx.deleteFrom('studio_posts_stale').where('post_id', 'in', postIds).execute();
      const [posts, states] = await Promise.all([
        trx.selectFrom('posts').select(['id', 'kind', 'source_locale', 'owner_user_id', 'updated_at']).where('id', 'in', postIds).orderBy('id').execute(),
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

/**
 * Refreshes every stale post a batch at a time, resting after each batch as long as it
 * took (10 ms at least), so the drain has at most half of the event loop and of the
 * database: a request needs many turns of the loop, and with only a setImmediate between
 * batches each of its turns waited a whole batch (the 100,000-post bench's sign-in took
 * 5.5 s beside the drain, no quicker than when the request refreshed everything itself).
 * Analyses the list after a bulk fill. Returns how many posts were refreshed.
 */
export async function drainStudioList(db: Kysely<Database>): Promise<number> {
  let total = 0;
  for (;;) {
    const started = performance.now();
    const refreshed = await refreshStudioList(db, refreshBatch);
    total += refreshed;
    if (refreshed < refreshBatch) break;
    const rest = Math.max(10, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, rest));
  }
  if (total >= bulkRefresh) await analyzeStudioList(db);
  return total;
}

/** How far the list is from complete: `ready` of `posts` posts have a current row. */
export interface StudioListProgress {
  ready: number;
  posts: number;
}

/**
 * Null when no post is stale (one indexed probe); otherwise how many posts are ready.
 * The counts read every stale mark and every post, which only a site still being
 * prepared pays (some 10–40 ms at 100,000 posts).
 */
export async function studioListProgress(db: Kysely<Database>): Promise<StudioListProgress | null> {
  const any = await db.selectFrom('studio_posts_stale').select('post_id').limit(1).executeTakeFirst();
  if (!any) return null;
  const [posts, stale] = await Promise.all([
    db.selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('studio_posts_stale')
      .innerJoin('posts', 'posts.id', 'studio_posts_stale.post_id')
      .select(sql<number>`count(distinct studio_posts_stale.post_id)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(posts.n);
  const pending = Number(stale.n);
  // Marks of deleted posts only: nothing the list would show is out of date.
  if (pending === 0) return null;
  return { ready: Math.max(0, total - pending), posts: total };
}

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
