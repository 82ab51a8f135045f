// Sends of a post's language to a newsletter: asked in the transaction of the publication
// (so a refused send publishes nothing, and a send is never lost by a crash after the
// publication), following the text's own events (a scheduled send is queued when the text
// goes live, and dropped with its schedule), and read back as counts for the Studio.
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '@/core/errors/app-error';
import type { Locale } from '@/core/locales';
import type { NewsletterChoice, SendState, SendSummary } from '@/core/newsletters/send-request';
import type { PublishingEvent } from '@/core/publishing/events';
import type { Database } from '../schema';

export interface SendRequest {
  postId: number;
  locale: Locale;
  newsletter: NewsletterChoice;
  /** 'now': the text is live (publish); 'when-live': it goes live later (schedule). */
  when: 'now' | 'when-live';
  actorId: string | null;
  nowIso: string;
}

async function resolveNewsletter(trx: Kysely<Database>, choice: NewsletterChoice): Promise<number> {
  const query = trx.selectFrom('newsletters').select('id');
  const row = await (choice === 'default' ? query.where('is_default', '=', 1).orderBy('id') : query.where('id', '=', choice)).limit(1).executeTakeFirst();
  if (!row) {
    throw new AppError('VALIDATION', 'There is no such newsletter.', {
      reason: 'no-newsletter',
      fields: { newsletter: [choice === 'default' ? 'This site has no newsletter yet: it gets one with its first subscriber.' : 'No newsletter has this id.'] },
    });
  }
  return Number(row.id);
}

function alreadySent(): AppError {
  return new AppError('CONFLICT', 'This language of this post was already sent to that newsletter: a post goes to a newsletter once per language.', {
    reason: 'newsletter-already-sent',
    fields: { newsletter: ['Already sent.'] },
  });
}

/**
 * Records a send inside the publication's transaction; throws (the publication rolls
 * back) when the newsletter does not exist or this language already went to it.
 */
export async function requestNewsletterSend(trx: Transaction<Database>, request: SendRequest): Promise<number> {
  const newsletterId = await resolveNewsletter(trx, request.newsletter);
  const existing = await trx
    .selectFrom('newsletter_sends')
    .select(['id', 'state', 'queued_at'])
    .where('post_id', '=', request.postId)
    .where('locale', '=', request.locale)
    .where('newsletter_id', '=', newsletterId)
    .executeTakeFirst();
  if (existing) {
    // Scheduling again, or publishing now what was scheduled with this send (the plan just queued it): the same send.
    const sameSchedule = request.when === 'when-live' && existing.state === 'scheduled';
    const justQueued = request.when === 'now' && existing.state === 'queued' && existing.queued_at === request.nowIso;
    if (sameSchedule || justQueued) return Number(existing.id);
    if (request.when === 'now' && existing.state === 'scheduled') {
      await trx.updateTable('newsletter_sends').set({ state: 'queued', queued_at: request.nowIso }).where('id', '=', existing.id).execute();
      return Number(existing.id);
    }
    throw alreadySent();
  }
  const row = await trx
    .insertInto('newsletter_sends')
    .values({
      post_id: request.postId,
      locale: request.locale,
      newsletter_id: newsletterId,
      state: request.when === 'now' ? 'queued' : 'scheduled',
      created_by: request.actorId,
      created_at: request.nowIso,
      queued_at: request.when === 'now' ? request.nowIso : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * What a publication's events mean for its sends, in its transaction: a language that
 * goes live (by a person or the scheduler) queues the sends that waited for it; a schedule
 * cancelled, or the text taken off the site, drops them.
 */
export async function followSendsOnEvents(trx: Transaction<Database>, events: readonly PublishingEvent[], nowIso: string): Promise<void> {
  for (const event of events) {
    const waiting = trx.updateTable('newsletter_sends').where('post_id', '=', event.postId).where('locale', '=', event.locale).where('state', '=', 'scheduled');
    if (event.type === 'published' || event.type === 'updated') {
      await waiting.set({ state: 'queued', queued_at: nowIso }).execute();
    } else if (event.type === 'schedule-cancelled' || event.type === 'unpublished') {
      await trx.deleteFrom('newsletter_sends').where('post_id', '=', event.postId).where('locale', '=', event.locale).where('state', '=', 'scheduled').execute();
    }
  }
}

/** The sends of a post, with what their e-mails became. */
export async function readPostSends(db: Kysely<Database>, postId: number): Promise<SendSummary[]> {
  const sends = await db.selectFrom('newsletter_sends').selectAll().where('post_id', '=', postId).orderBy('id').execute();
  if (sends.length === 0) return [];
  const counts = await db
    .selectFrom('email_outbox')
    .select((eb) => ['send_id', 'status', eb.fn.countAll<number>().as('n')])
    .where(
      'send_id',
      'in',
      sends.map((s) => s.id),
    )
    .groupBy(['send_id', 'status'])
    .execute();
  return sends.map((send) => {
    const count = (status: string) => Number(counts.find((c) => Number(c.send_id) === Number(send.id) && c.status === status)?.n ?? 0);
    const sent = count('sent');
    const failed = count('failed');
    const pending = count('pending') + count('sending');
    return {
      id: Number(send.id),
      locale: send.locale,
      newsletterId: Number(send.newsletter_id),
      state: send.state as SendState,
      recipients: sent + failed + pending,
      sent,
      failed,
      pending,
      createdAt: send.created_at,
    };
  });
}

/** The site's newsletters, for the publish dialog. */
export async function listNewsletters(db: Kysely<Database>): Promise<Array<{ id: number; name: { zh: string; en: string } }>> {
  const rows = await db.selectFrom('newsletters').select(['id', 'name_zh', 'name_en']).orderBy('is_default', 'desc').orderBy('id').execute();
  return rows.map((r) => ({ id: Number(r.id), name: { zh: r.name_zh, en: r.name_en } }));
}
