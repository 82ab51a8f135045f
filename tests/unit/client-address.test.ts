// The client-address layer of the server entry (src/server-entry/client-address.ts): a
// client with no trusted proxy in front cannot choose its own address with X-Forwarded-For,
// and behind a proxy named in TRUST_PROXY the address it reports is believed.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressLayer, parseTrust, resolveClientAddress } from '@/server-entry/client-address';

describe('resolveClientAddress', () => {
  it('believes nobody by default: the peer is the client', () => {
    expect(resolveClientAddress('203.0.113.9', '1.2.3.4, 5.6.7.8', parseTrust(undefined))).toBe('203.0.113.9');
    expect(resolveClientAddress('::ffff:203.0.113.9', undefined, parseTrust(''))).toBe('203.0.113.9');
  });

  it('behind trusted proxies, takes the nearest address that is not one', () => {
    const trust = parseTrust('loopback, 10.0.0.0/8');
    expect(resolveClientAddress('127.0.0.1', '198.51.100.7', trust)).toBe('198.51.100.7');
    // The client may put anything leftmost; the proxies appended the truth on the right.
    expect(resolveClientAddress('127.0.0.1', '6.6.6.6, 198.51.100.7, 10.1.2.3', trust)).toBe('198.51.100.7');
    // A request that did not come through the proxy is its own client, whatever it says.
    expect(resolveClientAddress('198.51.100.8', '127.0.0.1', trust)).toBe('198.51.100.8');
  });

  it('refuses a TRUST_PROXY it cannot read', () => {
    expect(() => parseTrust('the proxy')).toThrow(/TRUST_PROXY/);
  });
});

/** A tiny server with the layer in front; returns what its app saw for each request. */
async function serveWithLayer(trustProxy: string | undefined, send: Array<Record<string, string>>): Promise<Array<{ address: string; forwarded: string | null }>> {
  const server = createServer(
    clientAddressLayer(parseTrust(trustProxy))((req, res) => res.end(JSON.stringify({ address: req.headers['x-duet-client-address'], forwarded: req.headers['x-forwarded-for'] ?? null }))),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  try {
    const seen = [];
    for (const headers of send) seen.push(await (await fetch(`http://127.0.0.1:${port}/`, { headers })).json());
    return seen;
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe('the client-address layer in a server', () => {
  it('without TRUST_PROXY, ignores and removes the forwarded headers a client sends', async () => {
    const seen = await serveWithLayer(undefined, [{ 'x-forwarded-for': '10.9.9.9' }, { 'x-forwarded-for': '10.8.8.8', 'x-duet-client-address': '10.7.7.7' }]);
    expect(seen).toEqual([
      { address: '127.0.0.1', forwarded: null },
      { address: '127.0.0.1', forwarded: null },
    ]);
  });

  it('with TRUST_PROXY=loopback, believes the proxy on this machine', async () => {
    const seen = await serveWithLayer('loopback', [{ 'x-forwarded-for': '198.51.100.7' }]);
    expect(seen).toEqual([{ address: '198.51.100.7', forwarded: '198.51.100.7' }]);
  });
});
