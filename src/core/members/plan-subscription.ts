// What a subscription request does to the member it names, decided without a database:
// a new address becomes a pending member; a pending or unsubscribed one is (again)
// pending in the language just asked for; a subscribed one is left alone (anyone can type
// an address, so a request never changes a confirmed member's choices; the server sends
// them a sign-in link to their account instead). Whatever the plan,
// the requester gets the same answer (no enumeration).
import type { Member, MemberLanguage } from './member';

export type SubscriptionPlan =
  | { action: 'create'; language: MemberLanguage; sendConfirmation: true }
  | { action: 'refresh'; memberId: number; language: MemberLanguage; sendConfirmation: true }
  | { action: 'none'; sendConfirmation: false; why: 'already-subscribed' | 'honeypot' | 'address-limited' };

export function planSubscription(
  existing: Pick<Member, 'id' | 'status'> | null,
  request: { language: MemberLanguage; isBot: boolean; isAddressLimited: boolean },
): SubscriptionPlan {
  if (request.isBot) return { action: 'none', sendConfirmation: false, why: 'honeypot' };
  if (request.isAddressLimited) return { action: 'none', sendConfirmation: false, why: 'address-limited' };
  if (!existing) return { action: 'create', language: request.language, sendConfirmation: true };
  if (existing.status === 'subscribed') return { action: 'none', sendConfirmation: false, why: 'already-subscribed' };
  return { action: 'refresh', memberId: existing.id, language: request.language, sendConfirmation: true };
}
