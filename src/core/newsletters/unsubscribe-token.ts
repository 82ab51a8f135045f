// A member's one-click unsubscribe link (RFC 8058): `<member>.<newsletter>.<mac>`, the mac an
// HMAC-SHA256 of both ids under the site's link key (db/newsletters/link-key.ts). Nothing is
// stored per e-mail, every e-mail of a member to a newsletter carries the same link, and a
// link cannot be made for another member without the key. It only unsubscribes.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface UnsubscribeTarget {
  memberId: number;
  newsletterId: number;
}

function mac(key: string, target: UnsubscribeTarget): string {
  return createHmac('sha256', key).update(`unsubscribe.${target.memberId}.${target.newsletterId}`).digest('base64url').slice(0, 32);
}

export function signUnsubscribeToken(key: string, target: UnsubscribeTarget): string {
  return `${target.memberId}.${target.newsletterId}.${mac(key, target)}`;
}

/** The member and newsletter a token names, or null when it is malformed or forged. */
export function verifyUnsubscribeToken(key: string, token: unknown): UnsubscribeTarget | null {
  if (typeof token !== 'string') return null;
  const match = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const target = { memberId: Number(match[1]), newsletterId: Number(match[2]) };
  const expected = Buffer.from(mac(key, target));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? target : null;
}
