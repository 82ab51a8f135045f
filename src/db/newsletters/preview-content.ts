// What a preview (and a test send) of a newsletter e-mail is made from, before or after
// the send: the language chosen as publishing would put it live (the draft's stored
// rendering), the other language as readers see it now (its live text, if any), and the
// newsletter named (or the site's first default). The same shape the mail worker reads
// for a real send (send-content.ts), so one composer makes both.
import type { Kysely } from 'kysely';
import type { Locale } from '@/core/locales';
import type { Database } from '../schema';
import { liveTextOf, type LiveText, type SendContent } from './send-content';

const textColumns = ['locale', 'slug', 'title', 'excerpt', 'derived_excerpt', 'html', 'blocks', 'body_text'] as const;

/** Null when the post has no text in that language or the site has no such newsletter. */
export async function readPreviewContent(db: Kysely<Database>, postId: number, locale: Locale, newsletterId: number | null): Promise<SendContent | null> {
  const newsletterQuery = db.selectFrom('newsletters').select(['id', 'name_zh', 'name_en', 'sender_name', 'reply_to']);
  const [newsletter, draft, liveRows] = await Promise.all([
    (newsletterId === null ? newsletterQuery.orderBy('is_default', 'desc').orderBy('id') : newsletterQuery.where('id', '=', newsletterId)).limit(1).executeTakeFirst(),
    db
      .selectFrom('post_translations as t')
      // A draft published as it is shares the live rendering (shared-rendering.ts).
      .leftJoin('live_translations as l', (join) => join.onRef('l.translation_id', '=', 't.id').onRef('l.revision_id', '=', 't.revision_id'))
      .select(['t.locale', 't.slug', 't.title', 't.excerpt'])
      .select((eb) => [eb.fn.coalesce('t.derived_excerpt', 'l.derived_excerpt').as('derived_excerpt'), eb.fn.coalesce('t.html', 'l.html').as('html'), eb.fn.coalesce('t.blocks', 'l.blocks').as('blocks'), eb.fn.coalesce('t.body_text', 'l.body_text').as('body_text')])
      .where('t.post_id', '=', postId)
      .where('t.locale', '=', locale)
      .executeTakeFirst(),
    db.selectFrom('live_translations').select(textColumns).where('post_id', '=', postId).execute(),
  ]);
  if (!newsletter || !draft) return null;
  const live: Partial<Record<Locale, LiveText>> = {};
  for (const row of liveRows) live[row.locale as Locale] = liveTextOf(row);
  live[locale] = liveTextOf(draft);
  return {
    send: { id: 0, postId, locale, newsletterId: Number(newsletter.id) },
    newsletter: { id: Number(newsletter.id), name: { zh: newsletter.name_zh, en: newsletter.name_en }, senderName: newsletter.sender_name, replyTo: newsletter.reply_to },
    live,
  };
}

export interface PreviewablePost {
  id: number;
  titles: Partial<Record<Locale, string>>;
}

/** The newest posts with their titles, for the Newsletters screen's chooser (by primary key, bounded). */
export async function listPreviewablePosts(db: Kysely<Database>, limit: number): Promise<PreviewablePost[]> {
  const recent = await db.selectFrom('posts').select('id').orderBy('id', 'desc').limit(limit).execute();
  if (recent.length === 0) return [];
  const ids = recent.map((r) => Number(r.id));
  const rows = await db.selectFrom('post_translations').select(['post_id', 'locale', 'title']).where('post_id', 'in', ids).execute();
  return ids.map((id) => ({ id, titles: Object.fromEntries(rows.filter((r) => Number(r.post_id) === id).map((r) => [r.locale, r.title])) }));
}
