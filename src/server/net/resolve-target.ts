// The SSRF check before the server connects anywhere a person named (a webhook's URL, an
// image to copy into the library): the host is resolved now, every address it resolves to
// must be allowed (core/webhooks/address-rules.ts), and the connection is then pinned to
// the address that was checked, so DNS cannot answer differently a moment later
// (rebinding) and send the request somewhere the check never saw.
import { lookup } from 'node:dns/promises';
import { classifyAddress, isAddressAllowed, isIpLiteral } from '@/core/webhooks/address-rules';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Answers a hostname with its addresses (tests pass their own; the default asks the system). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** Where a request may go besides the public internet. */
export interface AddressPolicy {
  /** Private networks and this machine (a webhook whose owner ticked "allow private network"). */
  allowPrivateNetwork: boolean;
  /**
   * Single private or loopback addresses allowed all the same: a test's local server.
   * Link-local, multicast and reserved addresses stay refused even when listed.
   */
  allowedAddresses?: ReadonlySet<string>;
}

/** Why a target was refused: `unresolvable` may pass later; the others need the URL changed. */
export type RefusalReason = 'url' | 'unresolvable' | 'forbidden-address' | 'private-address';

export class TargetRefusedError extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'TargetRefusedError';
  }
}

export interface Target {
  url: URL;
  /** The host without IPv6 brackets, as the request and TLS name it. */
  hostname: string;
  pinned: ResolvedAddress;
}

function isAllowed(address: string, policy: AddressPolicy): boolean {
  if (isAddressAllowed(address, policy.allowPrivateNetwork)) return true;
  return policy.allowedAddresses?.has(address) === true && classifyAddress(address) !== 'forbidden';
}

export async function resolveTarget(rawUrl: string | URL, policy: AddressPolicy, resolver: Resolver): Promise<Target> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new TargetRefusedError('url', 'The URL is not a web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetRefusedError('url', 'Only http and https URLs are reached.');
  if (url.username || url.password) throw new TargetRefusedError('url', 'A URL with a user name or password is not reached.');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIpLiteral(hostname)) {
    addresses = [{ address: hostname, family: hostname.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await resolver(hostname);
    } catch (error) {
      throw new TargetRefusedError('unresolvable', `${hostname} could not be resolved (${(error as { code?: string }).code ?? 'DNS error'}).`);
    }
    if (addresses.length === 0) throw new TargetRefusedError('unresolvable', `${hostname} has no address.`);
  }
  // Every address must pass: a name that also points inside would be reached there next time.
  for (const { address } of addresses) {
    if (isAllowed(address, policy)) continue;
    const kind = classifyAddress(address);
    if (kind === 'forbidden') throw new TargetRefusedError('forbidden-address', `${hostname} resolves to ${address}, a link-local, multicast or reserved address: never reached.`);
    throw new TargetRefusedError('private-address', `${hostname} resolves to ${address}, on a private network or this server: reached only where private networks are allowed.`);
  }
  return { url, hostname, pinned: addresses[0]! };
}
