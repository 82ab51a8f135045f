// The stored rendering of a text's draft (what the editor last saved, as readers would get
// it once published): what copies made for other editors are converted from, so nothing
// is rendered again when one is asked for.
import type { Kysely } from 'kysely';
import type { Locale } from '@/core/locales';
import type { Database } from '../schema';

/** Null when the post has no text in that language; `html` null until its first rendering is stored. */
export async function readDraftRendering(db: Kysely<Database>, postId: number, locale: Locale): Promise<{ html: string | null } | null> {
  const row = await db.selectFrom('post_translations').select(['html']).where('post_id', '=', postId).where('locale', '=', locale).executeTakeFirst();
  return row ? { html: row.html } : null;
}
