// The client-address hook that `npm start` loads into the server process: a client with no
// trusted proxy in front cannot choose its own address with X-Forwarded-For, and behind a
// proxy named in TRUST_PROXY the address it reports is believed.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const hook = join(process.cwd(), 'scripts/client-address.cjs');
const { parseTrust, resolveClientAddress } = require(hook) as {
  parseTrust: (value: string | undefined) => (address: string) => boolean;
  resolveClientAddress: (peer: string, forwardedFor: string | undefined, isTrusted: (address: string) => boolean) => string;
};

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

/** Starts a tiny server with the hook loaded as `npm start` loads it; returns what it saw. */
function serveWithHook(trustProxy: string | undefined, send: Array<Record<string, string>>): Promise<Array<{ address: string; forwarded: string | null }>> {
  const server = `
    const http = require('node:http');
    const s = http.createServer((req, res) => res.end(JSON.stringify({ address: req.headers['x-duet-client-address'], forwarded: req.headers['x-forwarded-for'] ?? null })));
    s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', hook, '-e', server], {
      env: { ...process.env, DUET_CLIENT_ADDRESS_INSTALL: '1', TRUST_PROXY: trustProxy ?? '' },
    });
    child.on('error', reject);
    child.stdout.once('data', async (data: Buffer) => {
      const port = Number(String(data).trim());
      try {
        const seen = [];
        for (const headers of send) seen.push(await (await fetch(`http://127.0.0.1:${port}/`, { headers })).json());
        resolve(seen);
      } catch (error) {
        reject(error);
      } finally {
        child.kill();
      }
    });
  });
}

describe('the client-address hook in a server', () => {
  it('without TRUST_PROXY, ignores and removes the forwarded headers a client sends', async () => {
    const seen = await serveWithHook(undefined, [{ 'x-forwarded-for': '10.9.9.9' }, { 'x-forwarded-for': '10.8.8.8', 'x-duet-client-address': '10.7.7.7' }]);
    expect(seen).toEqual([
      { address: '127.0.0.1', forwarded: null },
      { address: '127.0.0.1', forwarded: null },
    ]);
  });

  it('with TRUST_PROXY=loopback, believes the proxy on this machine', async () => {
    const seen = await serveWithHook('loopback', [{ 'x-forwarded-for': '198.51.100.7' }]);
    expect(seen).toEqual([{ address: '198.51.100.7', forwarded: '198.51.100.7' }]);
  });
});
