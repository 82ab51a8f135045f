// The shared-secret checks of the providers that sign with one: Resend (Svix: HMAC-SHA256
// of `id.timestamp.body` under the base64 key after `whsec_`, timestamps within five
// minutes), Mailgun (HMAC-SHA256 of timestamp + token under the webhook signing key, hex)
// and Postmark and Brevo, which sign nothing: Postmark is given HTTP Basic credentials in its
// webhook URL, Brevo those or a token (a bearer header, or `?token=` in the URL).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old (or how far ahead) a signed timestamp may be: a captured request replayed later is refused. */
export const signatureToleranceMs = 5 * 60 * 1000;

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

function isFresh(seconds: string, now: Date): boolean {
  if (!/^\d{1,12}$/.test(seconds)) return false;
  return Math.abs(now.getTime() - Number(seconds) * 1000) <= signatureToleranceMs;
}

export interface SvixHeaders {
  id: string;
  timestamp: string;
  /** Space-separated `v1,<base64>` signatures (several while a secret is rotated). */
  signature: string;
}

/** Svix (Resend): any one `v1` signature of the list matching is enough. */
export function verifySvixSignature(secret: string, headers: SvixHeaders, body: string, now: Date): boolean {
  if (!isFresh(headers.timestamp, now)) return false;
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${headers.id}.${headers.timestamp}.${body}`).digest();
  return headers.signature.split(' ').some((part) => {
    const [version, value] = part.split(',', 2);
    return version === 'v1' && value !== undefined && sameBytes(Buffer.from(value, 'base64'), expected);
  });
}

export interface MailgunSignature {
  timestamp: string;
  token: string;
  signature: string;
}

export function verifyMailgunSignature(signingKey: string, signature: MailgunSignature, now: Date): boolean {
  if (!isFresh(signature.timestamp, now) || !/^[0-9a-f]{64}$/i.test(signature.signature)) return false;
  const expected = createHmac('sha256', signingKey).update(signature.timestamp + signature.token).digest();
  return sameBytes(Buffer.from(signature.signature, 'hex'), expected);
}

/** An `Authorization: Basic …` header naming exactly this user and password. */
export function isBasicAuthorized(header: string | null, user: string, password: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!, 'base64');
  return sameBytes(given, Buffer.from(`${user}:${password}`, 'utf8'));
}

/** A shared token given as `Authorization: Bearer <token>` or as the URL's `token` parameter (Brevo). */
export function isTokenAuthorized(header: string | null, urlToken: string | null, token: string): boolean {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  const given = bearer ?? urlToken;
  return given !== undefined && given !== null && sameBytes(Buffer.from(given, 'utf8'), Buffer.from(token, 'utf8'));
}
