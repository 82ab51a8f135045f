// The members as the Studio reads them: a filtered page newest first (keyset by id, so
// page 1,000 costs what page 1 does), the filtered count, totals by status and language,
// confirmations per day for the chart, a member added by hand, and the export in batches.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { AppError } from '@/core/errors/app-error';
import type { Locale } from '@/core/locales';
import type { AddressState } from '@/core/members/address-state';
import type { MemberLanguage, MemberStatus } from '@/core/members/member';
import type { AddMemberInput, MemberFilter, MemberListItem, MemberTotals, NewsletterSummary } from '@/core/members/member-directory';
import type { ImportedMember } from '@/core/members/member-import';
export type { MemberListItem, MemberTotals, NewsletterSummary };
import type { Database } from '../schema';
import { inTransaction } from '../transaction';
import { ensureDefaultNewsletter, setNewsletters } from './member-rows';

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: Kysely<Database>, filter: MemberFilter) {
  let query = db.selectFrom('members');
  if (filter.q) query = query.where(sql<boolean>`email like ${likePattern(filter.q)} escape '\\'`);
  if (filter.language) query = query.where('language', '=', filter.language);
  if (filter.status === 'bounced' || filter.status === 'complained') query = query.where('address_state', '=', filter.status);
  else if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.newsletter) {
    const newsletter = filter.newsletter;
    query = query.where((eb: ExpressionBuilder<Database, 'members'>) =>
      eb.exists(eb.selectFrom('member_newsletters').select('member_newsletters.member_id').whereRef('member_newsletters.member_id', '=', 'members.id').where('member_newsletters.newsletter_id', '=', newsletter)),
    );
  }
  return query;
}

type Row = { id: number; email: string; language: string; status: string; created_at: string; confirmed_at: string | null; unsubscribed_at: string | null; address_state: string | null };

async function withNewsletters(db: Kysely<Database>, rows: Row[]): Promise<MemberListItem[]> {
  const ids = rows.map((r) => Number(r.id));
  const links = ids.length > 0 ? await db.selectFrom('member_newsletters').select(['member_id', 'newsletter_id']).where('member_id', 'in', ids).execute() : [];
  const byMember = new Map<number, number[]>();
  for (const link of links) {
    const list = byMember.get(Number(link.member_id)) ?? [];
    list.push(Number(link.newsletter_id));
    byMember.set(Number(link.member_id), list);
  }
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    language: r.language as MemberLanguage,
    status: r.status as MemberStatus,
    createdAt: r.created_at,
    confirmedAt: r.confirmed_at,
    unsubscribedAt: r.unsubscribed_at,
    addressState: r.address_state as AddressState | null,
    newsletters: byMember.get(Number(r.id)) ?? [],
  }));
}

const columns = ['id', 'email', 'language', 'status', 'created_at', 'confirmed_at', 'unsubscribed_at', 'address_state'] as const;

/** One page newest first; `next` is the `before` of the page after it (none at the end). */
export async function listMembers(db: Kysely<Database>, filter: MemberFilter, limit: number): Promise<{ members: MemberListItem[]; next: number | null }> {
  let query = filtered(db, filter).select([...columns]).orderBy('id', 'desc').limit(limit + 1);
  if (filter.before) query = query.where('id', '<', filter.before);
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  return { members: await withNewsletters(db, page), next: rows.length > limit ? Number(page.at(-1)!.id) : null };
}

/** How many members the filters match (`before` is for paging and counts nothing out). */
export async function countMembers(db: Kysely<Database>, filter: MemberFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function memberTotals(db: Kysely<Database>): Promise<MemberTotals> {
  const rows = await db
    .selectFrom('members')
    .select(['status', 'language', 'address_state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['status', 'language', 'address_state'])
    .execute();
  const totals: MemberTotals = { status: { pending: 0, subscribed: 0, unsubscribed: 0 }, language: { zh: 0, en: 0, both: 0 }, address: { bounced: 0, complained: 0 } };
  for (const row of rows) {
    const status = row.status as MemberStatus;
    if (status in totals.status) totals.status[status] += Number(row.n);
    if (status === 'subscribed' && row.language in totals.language) totals.language[row.language as MemberLanguage] += Number(row.n);
    if (row.address_state && row.address_state in totals.address) totals.address[row.address_state as AddressState] += Number(row.n);
  }
  return totals;
}

/** Confirmations per day (UTC) since `since`: at most a few dozen rows, from the index. */
export async function confirmationsByDay(db: Kysely<Database>, since: Date): Promise<{ day: string; count: number }[]> {
  const day = sql<string>`substr(confirmed_at, 1, 10)`;
  const rows = await db
    .selectFrom('members')
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('confirmed_at', '>=', since.toISOString())
    .groupBy(day)
    .execute();
  return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
}

export async function listNewsletterSummaries(db: Kysely<Database>): Promise<NewsletterSummary[]> {
  const rows = await db.selectFrom('newsletters').select(['id', 'name_zh', 'name_en', 'is_default']).orderBy('id').execute();
  return rows.map((r) => ({ id: Number(r.id), name: { zh: r.name_zh, en: r.name_en }, isDefault: Number(r.is_default) === 1 }));
}

/**
 * A member a site manager adds, subscribed at once (they vouch for the consent), to the
 * newsletters named or else the default ones. An address already a member is a 409 naming it.
 */
export async function addMemberByHand(db: Kysely<Database>, input: AddMemberInput, siteNames: Record<Locale, string>, now: Date): Promise<number> {
  return inTransaction(db, async (trx) => {
    await ensureDefaultNewsletter(trx, siteNames, now);
    const nowIso = now.toISOString();
    const inserted = await trx
      .insertInto('members')
      .values({ email: input.email, language: input.language, status: 'subscribed', created_at: nowIso, confirmed_at: nowIso })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new AppError('CONFLICT', 'This address is already a member.', { fields: { email: ['Already a member'] }, reason: 'member-exists' });
    const id = Number(inserted.id);
    await setNewsletters(trx, id, input.newsletters, now);
    return id;
  });
}

/** The export's next batch, oldest first after `afterId` (the filter's `before` is not used). */
export async function exportBatch(db: Kysely<Database>, filter: MemberFilter, afterId: number, limit: number): Promise<MemberListItem[]> {
  const rows = await filtered(db, filter).select([...columns]).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return withNewsletters(db, rows);
}

/** Which of these addresses are already members. */
export async function existingEmails(db: Kysely<Database>, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.selectFrom('members').select('email').where('email', 'in', [...emails]).execute();
  return new Set(rows.map((r) => r.email));
}

/**
 * Adds a batch of imported members in one transaction; an address already a member is
 * left as it is (a second import of the same file adds nothing). Returns the addresses added.
 */
export async function insertImportedMembers(db: Kysely<Database>, members: readonly ImportedMember[], newsletterIds: readonly number[], now: Date): Promise<string[]> {
  if (members.length === 0) return [];
  return inTransaction(db, async (trx) => {
    const nowIso = now.toISOString();
    const inserted = await trx
      .insertInto('members')
      .values(
        members.map((m) => ({
          email: m.email,
          language: m.language,
          status: m.status,
          created_at: m.createdAt ?? nowIso,
          confirmed_at: m.confirmedAt ?? nowIso,
          unsubscribed_at: m.status === 'unsubscribed' ? (m.unsubscribedAt ?? nowIso) : null,
        })),
      )
      .onConflict((oc) => oc.column('email').doNothing())
      .returning(['id', 'email'])
      .execute();
    if (inserted.length > 0 && newsletterIds.length > 0) {
      await trx
        .insertInto('member_newsletters')
        .values(inserted.flatMap((row) => newsletterIds.map((newsletter) => ({ member_id: Number(row.id), newsletter_id: newsletter, created_at: nowIso }))))
        .execute();
    }
    return inserted.map((r) => r.email);
  });
}

/** The newsletters an import subscribes its members to: the one named if it exists, else the defaults. */
export async function importNewsletters(db: Kysely<Database>, named: number | undefined, siteNames: Record<Locale, string>, now: Date): Promise<number[]> {
  await ensureDefaultNewsletter(db, siteNames, now);
  if (named) {
    const row = await db.selectFrom('newsletters').select('id').where('id', '=', named).executeTakeFirst();
    if (!row) throw new AppError('VALIDATION', 'That newsletter does not exist.', { fields: { newsletter: ['Unknown newsletter'] } });
    return [Number(row.id)];
  }
  return (await db.selectFrom('newsletters').select('id').where('is_default', '=', 1).execute()).map((r) => Number(r.id));
}
