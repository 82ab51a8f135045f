// Who is the client? Every request reaches Next carrying the address it truly came from,
// in `x-duet-client-address`, whatever the client claims.
//
// Next.js keeps a client's own `X-Forwarded-For` when there is one, so without this a
// client with no proxy in front could pick a new "address" for each request (and walk
// around the per-address sign-in limit, or lock out someone else's address). Forwarded
// headers are believed only from the proxies TRUST_PROXY names:
//   unset, "false"  trust none: the socket's peer is the client, forwarded headers are dropped
//   "loopback"      a proxy on this machine (127.0.0.0/8, ::1)
//   "10.0.0.0/8, 192.168.1.4, fd00::/8"  these addresses and networks
//   "true"          every hop (only behind a proxy that always overwrites the header)
// With trusted proxies, the client is the nearest address in the chain that is not one.
import net from 'node:net';
import type { Layer } from './listener';

export const clientAddressHeader = 'x-duet-client-address';
const forwardedHeaders = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'forwarded'];

export type TrustRule = (address: string) => boolean;

function normalise(address: string | undefined): string {
  const trimmed = String(address ?? '').trim().replace(/^\[|\]$/g, '');
  // An IPv4 client on a dual-stack socket shows as ::ffff:1.2.3.4.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

function ipType(address: string): 'ipv4' | 'ipv6' | null {
  return net.isIPv6(address) ? 'ipv6' : net.isIPv4(address) ? 'ipv4' : null;
}

/** The trust rule for a TRUST_PROXY value; throws, naming the part, on one it cannot read. */
export function parseTrust(value: string | undefined): TrustRule {
  const setting = String(value ?? '').trim().toLowerCase();
  if (setting === '' || setting === 'false' || setting === '0' || setting === 'none') return () => false;
  if (setting === 'true' || setting === 'all') return () => true;
  const list = new net.BlockList();
  for (const raw of setting.split(',').map((s) => s.trim()).filter(Boolean)) {
    if (raw === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', bits] = raw.split('/');
    const type = ipType(address);
    if (!type) throw new Error(`TRUST_PROXY: "${raw}" is not an IP address or network.`);
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const type = ipType(address);
    return type !== null && list.check(address, type);
  };
}

/**
 * The client's address: start at the socket's peer and, while that hop is a trusted
 * proxy, step to the address it reported (X-Forwarded-For, read from the right).
 */
export function resolveClientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, isTrusted: TrustRule): string {
  const chain = [normalise(peer)];
  if (forwardedFor) {
    const hops = String(forwardedFor).split(',').map(normalise).filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i -= 1) chain.push(hops[i]!);
  }
  let index = 0;
  while (index < chain.length - 1 && isTrusted(chain[index]!)) index += 1;
  return chain[index] || 'unknown';
}

export function clientAddressLayer(isTrusted: TrustRule): Layer {
  return (next) =>
    function withClientAddress(req, res) {
      const peer = req.socket?.remoteAddress;
      req.headers[clientAddressHeader] = resolveClientAddress(peer, req.headers['x-forwarded-for'], isTrusted);
      // Forwarded headers from a hop we do not trust say nothing true: drop them.
      if (!isTrusted(normalise(peer))) for (const name of forwardedHeaders) delete req.headers[name];
      next(req, res);
    };
}
