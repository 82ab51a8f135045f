// Using a member's single-use token (a confirmation or sign-in link), inside the caller's
// transaction: the token read by its hash and purpose (locked FOR UPDATE on PostgreSQL),
// its state told, and, when valid, marked used by a conditional update, so a link opened
// twice at once works once.
import type { Transaction } from 'kysely';
import { isMemberLanguage, type MemberLanguage } from '@/core/members/member';
import { tokenState, type TokenPurpose, type TokenState } from '@/core/members/member-token';
import { isPostgres } from '../dialect';
import type { Database } from '../schema';

export interface SpentToken {
  state: TokenState;
  /** The language of the member the token belongs to (none for an unknown token). */
  language: MemberLanguage | null;
  /** Set only when this call used the token. */
  memberId: number | null;
}

export async function spendToken(trx: Transaction<Database>, tokenHash: string, purpose: TokenPurpose, now: Date): Promise<SpentToken> {
  const query = trx
    .selectFrom('member_tokens')
    .innerJoin('members', 'members.id', 'member_tokens.member_id')
    .select(['member_tokens.id', 'member_tokens.member_id', 'member_tokens.expires_at', 'member_tokens.used_at', 'members.language'])
    .where('member_tokens.token_hash', '=', tokenHash)
    .where('member_tokens.purpose', '=', purpose);
  const row = await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
  const language = row && isMemberLanguage(row.language) ? row.language : null;
  const state = tokenState(row ? { expiresAt: row.expires_at, usedAt: row.used_at } : null, now);
  if (!row || state !== 'valid') return { state, language, memberId: null };
  const used = await trx.updateTable('member_tokens').set({ used_at: now.toISOString() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  // Opened twice at once: the other request used it.
  if (Number(used.numUpdatedRows) !== 1) return { state: 'used', language, memberId: null };
  return { state, language, memberId: Number(row.member_id) };
}
