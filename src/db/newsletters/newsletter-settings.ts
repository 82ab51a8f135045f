// The site's newsletters as the Studio edits them. A site keeps at least one default
// newsletter (a signup that names none gets the defaults), so the last default cannot be
// unset; a newsletter is never deleted here, as members' choices and past sends name it.
import type { Kysely } from 'kysely';
import { AppError } from '@/core/errors/app-error';
import type { NewsletterInput, NewsletterSettings } from '@/core/newsletters/newsletter-input';
import type { Database } from '../schema';
import { inTransaction } from '../transaction';

export async function listNewsletterSettings(db: Kysely<Database>): Promise<NewsletterSettings[]> {
  const [rows, counts] = await Promise.all([
    db.selectFrom('newsletters').selectAll().orderBy('id').execute(),
    db.selectFrom('member_newsletters').select(['newsletter_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('newsletter_id').execute(),
  ]);
  const members = new Map(counts.map((c) => [Number(c.newsletter_id), Number(c.n)]));
  return rows.map((r) => ({
    id: Number(r.id),
    nameZh: r.name_zh,
    nameEn: r.name_en,
    descriptionZh: r.description_zh,
    descriptionEn: r.description_en,
    senderName: r.sender_name,
    replyTo: r.reply_to ?? '',
    isDefault: Number(r.is_default) === 1,
    members: members.get(Number(r.id)) ?? 0,
  }));
}

/** Creates (id null) or changes a newsletter; returns its id. */
export async function saveNewsletter(db: Kysely<Database>, id: number | null, input: NewsletterInput, now: Date): Promise<number> {
  return inTransaction(db, async (trx) => {
    const values = {
      name_zh: input.nameZh,
      name_en: input.nameEn,
      description_zh: input.descriptionZh,
      description_en: input.descriptionEn,
      sender_name: input.senderName,
      reply_to: input.replyTo || null,
      is_default: input.isDefault ? 1 : 0,
    };
    if (id === null) {
      const row = await trx.insertInto('newsletters').values({ ...values, created_at: now.toISOString() }).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    }
    const updated = await trx.updateTable('newsletters').set(values).where('id', '=', id).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError('NOT_FOUND', 'This newsletter no longer exists.');
    if (!input.isDefault) {
      const other = await trx.selectFrom('newsletters').select('id').where('is_default', '=', 1).executeTakeFirst();
      if (!other) throw new AppError('VALIDATION', 'A site keeps at least one default newsletter.', { fields: { isDefault: ['The last default newsletter'] }, reason: 'last-default-newsletter' });
    }
    return id;
  });
}
