// Writes a queued send's recipients into the outbox, off any request: in chunks of
// `chunk` members (by id, resuming after `expanded_through`), each one INSERT … SELECT, so
// ten thousand members never sit in the server's memory or hold its event loop. Two
// workers expanding one send at once write each recipient once: UNIQUE(send_id,
// member_id) and ON CONFLICT DO NOTHING.
//
// Who gets a send of language L of post P to newsletter N: the confirmed members of N
// - whose language is L: the L text;
// - whose language is `both`: one e-mail, made when it is sent: both versions block by
//   block when both are live then, else L alone; they get nothing from a later send of
//   the other language;
// - whose language is the other one, only when the site's fallback is 'other' and the
//   other language is not live: the L text with a one-line note (kind 'newsletter-note');
// and never a member who already has an e-mail of P from N (any language): one e-mail
// per post and newsletter per member.
import { sql, type Kysely } from 'kysely';
import { otherLocale, type Locale } from '@/core/locales';
import { createSiteSettings } from '../repositories/site-settings';
import type { Database } from '../schema';
import { isDeliverableMember } from '../members/address-state';

interface QueuedSend {
  id: number;
  post_id: number;
  locale: string;
  newsletter_id: number;
  expanded_through: number;
}

export const expansionChunk = 500;

async function isOtherLanguageLive(db: Kysely<Database>, send: QueuedSend): Promise<boolean> {
  const row = await db
    .selectFrom('live_translations')
    .select('translation_id')
    .where('post_id', '=', send.post_id)
    .where('locale', '=', otherLocale(send.locale as Locale))
    .executeTakeFirst();
  return row !== undefined;
}

function recipientsOf(db: Kysely<Database>, send: QueuedSend, withOther: boolean) {
  const languages = withOther ? [send.locale, 'both', otherLocale(send.locale as Locale)] : [send.locale, 'both'];
  return db
    .selectFrom('members as m')
    .innerJoin('member_newsletters as mn', (join) => join.onRef('mn.member_id', '=', 'm.id').on('mn.newsletter_id', '=', send.newsletter_id))
    .where('m.status', '=', 'subscribed')
    .where(isDeliverableMember)
    .where('m.language', 'in', languages)
    .where('m.id', '>', send.expanded_through)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('email_outbox as o')
            .innerJoin('newsletter_sends as s', 's.id', 'o.send_id')
            .select(sql.lit(1).as('one'))
            .whereRef('o.member_id', '=', 'm.id')
            .where('s.post_id', '=', send.post_id)
            .where('s.newsletter_id', '=', send.newsletter_id),
        ),
      ),
    );
}

/** Writes the next chunk of one send's recipients; returns how many rows were written, or null when it is complete. */
async function expandChunk(db: Kysely<Database>, send: QueuedSend, withOther: boolean, now: Date, chunk: number): Promise<number | null> {
  const ids = await recipientsOf(db, send, withOther).select('m.id').orderBy('m.id').limit(chunk).execute();
  const last = ids.at(-1);
  if (!last) {
    const total = await db.selectFrom('email_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('send_id', '=', send.id).executeTakeFirstOrThrow();
    await db.updateTable('newsletter_sends').set({ state: 'sending', recipients: Number(total.n) }).where('id', '=', send.id).where('state', '=', 'queued').execute();
    return null;
  }
  const through = Number(last.id);
  const rows = recipientsOf(db, send, withOther)
    .where('m.id', '<=', through)
    .select((eb) => [
      eb.case().when('m.language', 'in', [send.locale, 'both']).then(sql.lit('newsletter')).else(sql.lit('newsletter-note')).end().as('kind'),
      'm.email as recipient',
      eb.case().when('m.language', '=', 'both').then(sql.lit('both')).else(sql.lit(send.locale)).end().as('locale'),
      sql.lit('').as('subject'),
      sql.lit('pending').as('status'),
      sql.lit(now.toISOString()).as('created_at'),
      sql.lit(0).as('attempts'),
      sql.lit(send.id).as('send_id'),
      'm.id as member_id',
    ]);
  const inserted = await db
    .insertInto('email_outbox')
    .columns(['kind', 'recipient', 'locale', 'subject', 'status', 'created_at', 'attempts', 'send_id', 'member_id'])
    .expression(rows)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  await db.updateTable('newsletter_sends').set({ expanded_through: through }).where('id', '=', send.id).where('expanded_through', '<', through).execute();
  send.expanded_through = through;
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}

/** Expands every queued send, chunk by chunk; returns how many outbox rows were written. */
export async function expandQueuedSends(db: Kysely<Database>, now: Date, chunk = expansionChunk): Promise<number> {
  const queued = await db.selectFrom('newsletter_sends').select(['id', 'post_id', 'locale', 'newsletter_id', 'expanded_through']).where('state', '=', 'queued').orderBy('id').execute();
  if (queued.length === 0) return 0;
  const fallback = await createSiteSettings(db).getNewsletterFallback();
  let written = 0;
  for (const row of queued) {
    const send: QueuedSend = { id: Number(row.id), post_id: Number(row.post_id), locale: row.locale, newsletter_id: Number(row.newsletter_id), expanded_through: Number(row.expanded_through) };
    const withOther = fallback === 'other' && !(await isOtherLanguageLive(db, send));
    for (;;) {
      const count = await expandChunk(db, send, withOther, now, chunk);
      if (count === null) break;
      written += count;
      // SQLite's driver answers without leaving the microtask queue: let requests in between chunks.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return written;
}

/** A send whose every e-mail is sent or given up is done. */
export async function finishSends(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .updateTable('newsletter_sends')
    .set({ state: 'sent', finished_at: now.toISOString() })
    .where('state', '=', 'sending')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('email_outbox as o')
            .select(sql.lit(1).as('one'))
            .whereRef('o.send_id', '=', 'newsletter_sends.id')
            .where('o.status', 'in', ['pending', 'sending']),
        ),
      ),
    )
    .execute();
}
