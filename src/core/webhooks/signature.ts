// How a delivery proves it came from this site (docs/webhooks.md documents it for
// receivers): HMAC-SHA256 with the hook's secret over "<unix seconds>.<raw body>", sent
// as `Duet-Signature: t=<seconds>,v1=<hex>`. The timestamp is inside what is signed, so
// a receiver that refuses old timestamps also refuses a replayed delivery.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const secretPrefix = 'whsec_';
/** How old a timestamp receivers should accept (and our own verifier does). */
export const signatureToleranceSeconds = 5 * 60;

/** A new signing secret: `whsec_` and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return secretPrefix + randomBytes(32).toString('base64url');
}

export function isWebhookSecret(value: string): boolean {
  return /^whsec_[A-Za-z0-9_-]{43}$/.test(value);
}

export function signBody(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The Duet-Signature header for a body sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signBody(secret, timestamp, body)}`;
}

/** The headers every delivery carries, signature included. */
export function deliveryHeaders(input: { deliveryId: string; event: string; secret: string; timestamp: number; body: string }): Record<string, string> {
  return {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': 'Duet-Webhooks/1',
    'duet-webhook-id': input.deliveryId,
    'duet-event': input.event,
    'duet-timestamp': String(input.timestamp),
    'duet-signature': signatureHeader(input.secret, input.timestamp, input.body),
  };
}

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'stale' | 'mismatch' };

/**
 * What a receiver does (our tests' receivers use it, and docs/webhooks.md shows the same
 * steps): read t and every v1 from the header, refuse a timestamp further than the
 * tolerance from now, and compare the expected signature in constant time.
 */
export function verifySignature(secret: string, header: string, body: string, nowSeconds: number, toleranceSeconds = signatureToleranceSeconds): VerifyResult {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'malformed' };
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(signBody(secret, timestamp, body), 'hex');
  const matches = signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
  return matches ? { ok: true, timestamp } : { ok: false, reason: 'mismatch' };
}
