import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deliveryHeaders, isWebhookSecret, newWebhookSecret, signatureHeader, verifySignature } from './signature';

const secret = 'whsec_' + 'A'.repeat(43);
const body = '{"id":"d1","event":"ping"}';

describe('webhook signatures', () => {
  it('is HMAC-SHA256 of "<timestamp>.<body>" in hex, as documented', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signatureHeader(secret, 1_700_000_000, body)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verifies a fresh signature and refuses a changed body, another secret, a stale or future time', () => {
    const header = signatureHeader(secret, 1_700_000_000, body);
    expect(verifySignature(secret, header, body, 1_700_000_100)).toEqual({ ok: true, timestamp: 1_700_000_000 });
    expect(verifySignature(secret, header, body.replace('ping', 'pong'), 1_700_000_000)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature(newWebhookSecret(), header, body, 1_700_000_000)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature(secret, header, body, 1_700_000_000 + 301)).toEqual({ ok: false, reason: 'stale' });
    expect(verifySignature(secret, header, body, 1_700_000_000 - 301)).toEqual({ ok: false, reason: 'stale' });
  });

  it('refuses a header it cannot read, and accepts any one matching v1 among several', () => {
    expect(verifySignature(secret, 'v1=abc', body, 0)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifySignature(secret, 't=1700000000', body, 1_700_000_000)).toEqual({ ok: false, reason: 'malformed' });
    const good = signatureHeader(secret, 1_700_000_000, body).split(',v1=')[1];
    expect(verifySignature(secret, `t=1700000000,v1=${'0'.repeat(64)},v1=${good}`, body, 1_700_000_000).ok).toBe(true);
  });

  it('makes whsec_ secrets of 32 random bytes, a new one each time', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    expect(isWebhookSecret(a)).toBe(true);
    expect(Buffer.from(a.slice(6), 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
  });

  it('sends the id, event and timestamp beside the signature', () => {
    const headers = deliveryHeaders({ deliveryId: 'd1', event: 'ping', secret, timestamp: 1_700_000_000, body });
    expect(headers).toMatchObject({ 'duet-webhook-id': 'd1', 'duet-event': 'ping', 'duet-timestamp': '1700000000', 'content-type': 'application/json; charset=utf-8' });
    expect(verifySignature(secret, headers['duet-signature']!, body, 1_700_000_000).ok).toBe(true);
  });
});
