// The live text's Markdown, stored once: a live row (live_translations) names the revision
// it shows, and that revision's `body` is its Markdown, so the row keeps '' in its own
// `body` instead of a third copy (issue 27; the draft's is the second). A row whose text
// differs from its revision's (one the 2027-01-04 live-body migration found so and left,
// or one written while the draft and its revision disagreed) keeps its own, which wins.
// Every reader of a live body selects `liveBody()`; goLive and the import write
// `liveBodyColumn()`. A live text whose own Markdown is '' while its revision's is not
// cannot be told from the marker: it reads as its revision's (goLive never writes one).
import { sql, type RawBuilder } from 'kysely';

/**
 * The live Markdown of the row of `table` (the live table's name or alias in the query):
 * its own body when it holds one, else its revision's, by primary key. A correlated
 * subquery rather than a join, so each reader's joins and row counts stay as they were.
 */
export function liveBody(table = 'live_translations'): RawBuilder<string> {
  return sql<string>`coalesce(nullif(${sql.ref(`${table}.body`)}, ''), (select live_revision.body from revisions live_revision where live_revision.id = ${sql.ref(`${table}.revision_id`)}), '')`;
}

/** What a writer stores in the live row's `body`: '' when its revision holds the same text. */
export function liveBodyColumn(body: string, revisionBody: string | undefined): string {
  return body === revisionBody ? '' : body;
}
