// The Studio's Translations view: every post × the language it is translated into, with
// the translation's state worked out in SQL (missing, draft, in review, outdated, up to
// date), the last editor of the draft, filters, sorting and keyset pages, and the count
// of each state. Narrow columns only: the one wide read is the source's plain text, and
// only for the rows of one page, to count the words left to translate.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { BoardRow, BoardState, BoardQuery, BoardPage } from '@/core/translation/board';
import { boardStates } from '@/core/translation/board';
import { isLocale, locales, type Locale } from '@/core/locales';
import type { Database } from '../schema';
import { unpackPlainText, unpackText } from '../stored-text';
import { draftBody } from './live-body';

/** One rank per state: the order of `boardStates`, so "by state" sorts most pressing first. */
function stateRank(state: string): number {
  return boardStates.indexOf(state as BoardState);
}

/** Each post once, with its target language (with two locales, the one that is not the source). */
function baseQuery(db: Kysely<Database>) {
  const [first, second] = locales;
  const target = sql<string>`case when p.source_locale = ${first} then ${second} else ${first} end`;
  const pendingReview = sql<number>`case when exists (
      select 1 from review_requests r
      where r.translation_id = t.id and r.state = 'pending'
        and r.id = (select max(r2.id) from review_requests r2 where r2.translation_id = t.id)
    ) then 1 else 0 end`;
  const state = sql<string>`case
      when t.id is null then 'missing'
      when ${pendingReview} = 1 then 'review'
      when sl.revision_id is not null and t.based_on_revision_id is not null and t.based_on_revision_id < sl.revision_id then 'outdated'
      when tl.translation_id is null or tl.revision_id <> t.revision_id then 'draft'
      else 'current' end`;
  const rank = sql<number>`case ${state} ${sql.join(
    boardStates.map((s) => sql`when ${s} then ${stateRank(s)}`),
    sql` `,
  )} end`;
  return db
    .selectFrom('posts as p')
    .innerJoin('post_translations as s', (j) => j.onRef('s.post_id', '=', 'p.id').onRef('s.locale', '=', 'p.source_locale'))
    .leftJoin('post_translations as t', (j) => j.onRef('t.post_id', '=', 'p.id').onRef('t.locale', '<>', 'p.source_locale'))
    .leftJoin('live_translations as sl', 'sl.translation_id', 's.id')
    .leftJoin('live_translations as tl', 'tl.translation_id', 't.id')
    .leftJoin('revisions as rv', 'rv.id', 't.revision_id')
    .leftJoin('auth_users as u', 'u.id', 'rv.author_user_id')
    .select([
      'p.id as post_id',
      'p.kind',
      'p.owner_user_id',
      'p.source_locale',
      'p.updated_at',
      's.id as source_translation_id',
      's.title as source_title',
      't.id as translation_id',
      't.title as target_title',
      'u.name as editor_name',
      target.as('target_locale'),
      state.as('state'),
      rank.as('state_rank'),
    ]);
}

export function createTranslationBoard(db: Kysely<Database>) {
  /** The rows matching everything but the state filter, as a table to filter and count. */
  function filtered(query: Pick<BoardQuery, 'language' | 'ownerUserId'>) {
    return db
      .selectFrom(baseQuery(db).as('b'))
      .selectAll('b')
      .$if(query.language !== undefined, (qb) => qb.where('b.target_locale', '=', query.language as string))
      .$if(query.ownerUserId !== undefined, (qb) => qb.where('b.owner_user_id', '=', query.ownerUserId as string));
  }

  return {
    async page(query: BoardQuery): Promise<BoardPage> {
      const limit = query.pageSize;
      let q = filtered(query).$if(query.state !== undefined, (qb) => qb.where('b.state', '=', query.state as string));
      const after = query.after;
      if (query.sort === 'state') {
        if (after) {
          q = q.where((eb) =>
            eb.or([
              eb('b.state_rank', '>', after.rank),
              eb.and([eb('b.state_rank', '=', after.rank), eb('b.updated_at', '<', after.updatedAt)]),
              eb.and([eb('b.state_rank', '=', after.rank), eb('b.updated_at', '=', after.updatedAt), eb('b.post_id', '<', after.id)]),
            ] as Expression<SqlBool>[]),
          );
        }
        q = q.orderBy('b.state_rank', 'asc');
      } else if (after) {
        q = q.where((eb) =>
          eb.or([eb('b.updated_at', '<', after.updatedAt), eb.and([eb('b.updated_at', '=', after.updatedAt), eb('b.post_id', '<', after.id)])] as Expression<SqlBool>[]),
        );
      }
      const rows = await q
        .orderBy('b.updated_at', 'desc')
        .orderBy('b.post_id', 'desc')
        .limit(limit + 1)
        .execute();
      const more = rows.length > limit;
      const pageRows = rows.slice(0, limit);
      // The words of the source, for this page's rows only.
      const sourceIds = pageRows.map((r) => r.source_translation_id);
      const texts = sourceIds.length
        ? await db
            .selectFrom('post_translations as t')
            // A draft published as it is shares the live rendering (shared-rendering.ts).
            .leftJoin('live_translations as l', (join) => join.onRef('l.translation_id', '=', 't.id').onRef('l.revision_id', '=', 't.revision_id'))
            .select((eb) => ['t.id', draftBody('t').as('body'), eb.fn.coalesce('t.html', 'l.html').as('html'), eb.fn.coalesce('t.body_text', 'l.body_text').as('body_text')])
            .where('t.id', 'in', sourceIds)
            .execute()
        : [];
      const textById = new Map(texts.map((t) => [t.id, unpackPlainText(t.body_text, t.html) ?? unpackText(t.body)]));
      const items: BoardRow[] = pageRows.flatMap((r) => {
        if (!isLocale(r.source_locale) || !isLocale(r.target_locale)) return [];
        return [
          {
            postId: r.post_id,
            kind: r.kind,
            sourceLocale: r.source_locale,
            targetLocale: r.target_locale as Locale,
            title: r.source_title,
            targetTitle: r.target_title,
            translationId: r.translation_id,
            state: r.state as BoardState,
            stateRank: Number(r.state_rank),
            editorName: r.editor_name,
            updatedAt: r.updated_at,
            sourceText: textById.get(r.source_translation_id) ?? '',
          },
        ];
      });
      const last = pageRows.at(-1);
      return {
        items,
        next: more && last ? { rank: Number(last.state_rank), updatedAt: last.updated_at, id: last.post_id } : null,
      };
    },

    /** Every post whose translation into `to` is in one of `states`, by id. */
    async idsInStates(states: readonly BoardState[], to: Locale, ownerUserId?: string): Promise<number[]> {
      if (states.length === 0) return [];
      const rows = await filtered({ language: to, ownerUserId })
        .where('b.state', 'in', states as BoardState[])
        .orderBy('b.post_id')
        .execute();
      return rows.map((r) => r.post_id);
    },

    /** How many rows each state has under the language filter, counted by the database. */
    async counts(query: Pick<BoardQuery, 'language' | 'ownerUserId'>): Promise<Record<BoardState, number>> {
      const rows = await db
        .selectFrom(filtered(query).as('f'))
        .select(['f.state', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy('f.state')
        .execute();
      const counts = Object.fromEntries(boardStates.map((s) => [s, 0])) as Record<BoardState, number>;
      for (const r of rows) if (boardStates.includes(r.state as BoardState)) counts[r.state as BoardState] = Number(r.n);
      return counts;
    },
  };
}
