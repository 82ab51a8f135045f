// A text's Markdown, stored once: a live row (live_translations) and a draft
// (post_translations) each name the revision they show (`revision_id`), and that
// revision's `body` is their Markdown, so the row keeps '' in its own `body` instead of a
// copy (issue 27). A row whose text differs from its revision's (one the live-body or
// draft-body migration found so and left, or a draft whose revision_id is still null)
// keeps its own, which wins. Both are packed (stored-text.ts, 2027-01-10T0001-packed-revisions):
// every reader of a live body selects `liveBody()`, of a draft's `draftBody()`, and unpacks
// it with `unpackText`; writers store `storedBody()`. A text whose own
// Markdown is '' while its revision's is not cannot be told from the marker: it reads as
// its revision's (no writer stores one: a save writes its revision from the same values).
import { sql, type RawBuilder } from 'kysely';
import { packText, type StoredText } from '../stored-text';

/**
 * The Markdown of the row of `table` (a table's name or alias in the query): its own body
 * when it holds one, else its revision's, by primary key. A correlated subquery rather
 * than a join, so each reader's joins and row counts stay as they were.
 */
function bodyThroughRevision(table: string): RawBuilder<StoredText> {
  return sql<StoredText>`coalesce(nullif(${sql.ref(`${table}.body`)}, ''), (select stored_revision.body from revisions stored_revision where stored_revision.id = ${sql.ref(`${table}.revision_id`)}), '')`;
}

/** The live Markdown of the row of `table` (the live table's name or alias in the query). */
export function liveBody(table = 'live_translations'): RawBuilder<StoredText> {
  return bodyThroughRevision(table);
}

/** The draft's Markdown of the row of `table` (post_translations' name or alias in the query). */
export function draftBody(table = 'post_translations'): RawBuilder<StoredText> {
  return bodyThroughRevision(table);
}

/** What a writer stores in a live row's or a draft's `body`: '' when its revision holds the same text, else the text packed. */
export function storedBody(body: string, revisionBody: string | undefined): StoredText {
  return body === revisionBody ? '' : packText(body);
}
