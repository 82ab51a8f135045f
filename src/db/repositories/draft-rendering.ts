// The stored rendering of a text's draft (what the editor last saved, as readers would get
// it once published): what copies made for other editors are converted from, so nothing
// is rendered again when one is asked for.
import type { Kysely } from 'kysely';
import type { Locale } from '@/core/locales';
import type { Database } from '../schema';
import { unpackText } from '../stored-text';

/** Null when the post has no text in that language; `html` null until its first rendering is stored. */
export async function readDraftRendering(db: Kysely<Database>, postId: number, locale: Locale): Promise<{ html: string | null } | null> {
  const row = await db
    .selectFrom('post_translations as t')
    // A draft published as it is shares the live rendering (shared-rendering.ts).
    .leftJoin('live_translations as l', (join) => join.onRef('l.translation_id', '=', 't.id').onRef('l.revision_id', '=', 't.revision_id'))
    .select((eb) => eb.fn.coalesce('t.html', 'l.html').as('html'))
    .where('t.post_id', '=', postId)
    .where('t.locale', '=', locale)
    .executeTakeFirst();
  return row ? { html: unpackText(row.html) } : null;
}
