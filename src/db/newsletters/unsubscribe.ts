// A member leaves a newsletter by the link of its e-mails: their subscription to it ends,
// the e-mails of it still waiting for them are dropped, and a member left with no
// newsletter becomes `unsubscribed`. Doing it twice changes nothing more.
import type { Kysely } from 'kysely';
import type { MemberLanguage } from '@/core/members/member';
import type { UnsubscribeTarget } from '@/core/newsletters/unsubscribe-token';
import type { Locale } from '@/core/locales';
import type { Database } from '../schema';
import { inTransaction } from '../transaction';

export interface UnsubscribeView {
  email: string;
  language: MemberLanguage;
  newsletter: Record<Locale, string>;
  /** Whether the member still receives this newsletter. */
  isSubscribed: boolean;
}

export async function readUnsubscribeView(db: Kysely<Database>, target: UnsubscribeTarget): Promise<UnsubscribeView | null> {
  const member = await db.selectFrom('members').select(['email', 'language', 'status']).where('id', '=', target.memberId).executeTakeFirst();
  const newsletter = await db.selectFrom('newsletters').select(['name_zh', 'name_en']).where('id', '=', target.newsletterId).executeTakeFirst();
  if (!member || !newsletter) return null;
  const link = await db.selectFrom('member_newsletters').select('member_id').where('member_id', '=', target.memberId).where('newsletter_id', '=', target.newsletterId).executeTakeFirst();
  return {
    email: member.email,
    language: member.language as MemberLanguage,
    newsletter: { zh: newsletter.name_zh, en: newsletter.name_en },
    isSubscribed: link !== undefined && member.status === 'subscribed',
  };
}

/** Returns false when the member or newsletter no longer exists. */
export async function unsubscribeFromNewsletter(db: Kysely<Database>, target: UnsubscribeTarget, now: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const member = await trx.selectFrom('members').select('id').where('id', '=', target.memberId).executeTakeFirst();
    if (!member) return false;
    await trx.deleteFrom('member_newsletters').where('member_id', '=', target.memberId).where('newsletter_id', '=', target.newsletterId).execute();
    await trx
      .deleteFrom('email_outbox')
      .where('member_id', '=', target.memberId)
      .where('status', '=', 'pending')
      .where('send_id', 'in', (eb) => eb.selectFrom('newsletter_sends').select('id').where('newsletter_id', '=', target.newsletterId))
      .execute();
    const left = await trx.selectFrom('member_newsletters').select('newsletter_id').where('member_id', '=', target.memberId).limit(1).executeTakeFirst();
    if (!left) {
      await trx.updateTable('members').set({ status: 'unsubscribed', unsubscribed_at: now.toISOString() }).where('id', '=', target.memberId).where('status', '!=', 'unsubscribed').execute();
    }
    return true;
  });
}
