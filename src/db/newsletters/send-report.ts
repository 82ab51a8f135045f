// The Newsletters screen's list of recent sends, newest first, a page at a time by keyset
// (`before` a send id), each with what became of its e-mails: recipients, sent, failed,
// bounced (recipients a bounce was reported for since the send went out, from
// `email_events`, index email_events_email_idx) and unsubscribed (recipients who since left
// that newsletter, or unsubscribed altogether: the link in its footer does either). One
// grouped query over the page's outbox rows (index email_outbox_send_member_idx).
import { sql, type Kysely } from 'kysely';
import type { Locale } from '@/core/locales';
import type { SendReportPage, SendState } from '@/core/newsletters/send-request';
import type { Database } from '../schema';

export async function listSendReports(db: Kysely<Database>, options: { before?: number; limit: number }): Promise<SendReportPage> {
  let query = db
    .selectFrom('newsletter_sends as s')
    .innerJoin('newsletters as n', 'n.id', 's.newsletter_id')
    .leftJoin('post_translations as pt', (join) => join.onRef('pt.post_id', '=', 's.post_id').onRef('pt.locale', '=', 's.locale'))
    .leftJoin('live_translations as lt', (join) => join.onRef('lt.post_id', '=', 's.post_id').onRef('lt.locale', '=', 's.locale'))
    .select(['s.id', 's.post_id', 's.locale', 's.state', 's.created_at', 's.queued_at', 'n.name_zh', 'n.name_en', 'pt.title as draft_title', 'lt.title as live_title'])
    .orderBy('s.id', 'desc')
    .limit(options.limit + 1);
  if (options.before !== undefined) query = query.where('s.id', '<', options.before);
  const rows = await query.execute();
  const page = rows.slice(0, options.limit);
  if (page.length === 0) return { sends: [], next: null };
  const since = sql<string>`coalesce(s.queued_at, s.created_at)`;
  const counts = await db
    .selectFrom('email_outbox as o')
    .innerJoin('newsletter_sends as s', 's.id', 'o.send_id')
    .select((eb) => [
      'o.send_id',
      eb.fn.countAll<number>().as('recipients'),
      sql<number>`sum(case when o.status = 'sent' then 1 else 0 end)`.as('sent'),
      sql<number>`sum(case when o.status = 'failed' then 1 else 0 end)`.as('failed'),
      sql<number>`sum(case when exists (select 1 from email_events e where e.email = o.recipient and e.kind = 'bounced' and e.received_at >= ${since}) then 1 else 0 end)`.as('bounced'),
      sql<number>`sum(case when o.member_id is not null and (
          not exists (select 1 from member_newsletters mn where mn.member_id = o.member_id and mn.newsletter_id = s.newsletter_id)
          or exists (select 1 from members m where m.id = o.member_id and m.status = 'unsubscribed' and m.unsubscribed_at >= ${since})
        ) then 1 else 0 end)`.as('unsubscribed'),
    ])
    .where(
      'o.send_id',
      'in',
      page.map((r) => r.id),
    )
    .groupBy('o.send_id')
    .execute();
  const bySend = new Map(counts.map((c) => [Number(c.send_id), c]));
  return {
    sends: page.map((r) => {
      const c = bySend.get(Number(r.id));
      return {
        id: Number(r.id),
        postId: Number(r.post_id),
        title: r.live_title ?? r.draft_title ?? '',
        locale: r.locale as Locale,
        newsletter: { zh: r.name_zh, en: r.name_en },
        state: r.state as SendState,
        at: r.queued_at ?? r.created_at,
        recipients: Number(c?.recipients ?? 0),
        sent: Number(c?.sent ?? 0),
        failed: Number(c?.failed ?? 0),
        bounced: Number(c?.bounced ?? 0),
        unsubscribed: Number(c?.unsubscribed ?? 0),
      };
    }),
    next: rows.length > options.limit ? Number(page.at(-1)!.id) : null,
  };
}
