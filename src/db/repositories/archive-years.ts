// The archive's years on the site's clock: a post published at 2026-12-31T20:00Z belongs
// to 2027 in Asia/Shanghai and to 2026 in America/New_York, as its printed date says.
// published_at is ISO-8601 text in UTC on both databases, so a year is a range of text.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { zonedToUtc } from '@/core/time/zoned-time';
import type { Database } from '../schema';
import { toIsoTimestamp } from './map-rows';

/** The instant `year` begins on the clock of `timeZone`, as published_at stores instants. */
export function yearStart(year: number, timeZone = 'UTC'): string {
  const utc = `${String(year).padStart(4, '0')}-01-01T00:00:00.000Z`;
  return timeZone === 'UTC' ? utc : toIsoTimestamp(zonedToUtc(utc.slice(0, 16), timeZone));
}

/** The year `iso` falls in on the clock of `timeZone`. */
function localYear(iso: string, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(new Date(iso)));
}

/** Years that have posts passing `visible`, each with its count, newest first. */
export async function listArchiveYears(
  db: Kysely<Database>,
  visible: (eb: ExpressionBuilder<Database, 'posts'>) => Expression<SqlBool>,
  timeZone: string,
): Promise<Array<{ year: number; count: number }>> {
  const posts = db.selectFrom('posts').where(visible).where('posts.kind', '=', 'post');
  const span = await posts.select((eb) => [eb.fn.min('posts.published_at').as('first'), eb.fn.max('posts.published_at').as('last')]).executeTakeFirst();
  if (!span?.first || !span.last) return [];
  // A post's year is the latest year whose start it is not before. The bounds are
  // literals, so the selected and the grouped expression are the same text; `+ 0` keeps
  // a lone year from reading as a column position in GROUP BY.
  const first = localYear(span.first, timeZone);
  let year = sql<number>`(${sql.lit(first)} + 0)`;
  for (let y = first + 1; y <= localYear(span.last, timeZone); y++) {
    year = sql<number>`case when ${sql.ref('posts.published_at')} >= ${sql.lit(yearStart(y, timeZone))} then ${sql.lit(y)} else ${year} end`;
  }
  const rows = await posts
    .select((eb) => [year.as('year'), eb.fn.countAll().as('count')])
    .groupBy(year)
    .orderBy(year, 'desc')
    .execute();
  return rows.map((row) => ({ year: Number(row.year), count: Number(row.count) }));
}
