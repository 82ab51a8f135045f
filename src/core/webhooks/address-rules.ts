// Where a webhook may be delivered (SSRF). A hook's URL is typed by the owner, but the
// server is the one that connects, from inside its network: so a delivery never goes to
// this machine's loopback, to link-local addresses (169.254.169.254 is the cloud's
// metadata service), to unspecified, multicast, documentation or reserved addresses, and
// goes to private networks (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) and
// loopback only when the owner ticked "allow private network" for that hook. Link-local
// and the rest stay refused even then. Addresses hidden inside IPv6 (::ffff:a.b.c.d,
// NAT64, 6to4) are judged as the IPv4 address they carry.

/** public: anywhere; private and loopback: only when allowed; forbidden: never. */
export type AddressClass = 'public' | 'private' | 'loopback' | 'forbidden';

export function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^(0|[1-9]\d{0,2})$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** The 16 bytes of an IPv6 address (with :: and a dotted IPv4 tail), or null. */
export function parseIPv6(text: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.length > 45) return null;
  let address = text;
  if (text.includes('.')) {
    // a.b.c.d at the end stands for the last two groups.
    const lastColon = text.lastIndexOf(':');
    const v4 = parseIPv4(text.slice(lastColon + 1));
    if (!v4) return null;
    address = `${text.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(halves[0]!);
  const right = halves.length === 2 ? groups(halves[1]!) : [];
  if ([...left, ...right].some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const words = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...right].map((g) => parseInt(g, 16));
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

const inRange = (bytes: number[], prefix: number[], bits: number) => {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if ((bytes[byte]! & mask) !== (prefix[byte]! & mask)) return false;
  }
  return true;
};

const v4Ranges: Array<[number[], number, AddressClass]> = [
  [[0, 0, 0, 0], 8, 'forbidden'], // "this network", unspecified
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'forbidden'], // link-local, cloud metadata
  [[10, 0, 0, 0], 8, 'private'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 168, 0, 0], 16, 'private'],
  [[100, 64, 0, 0], 10, 'private'], // carrier-grade NAT
  [[198, 18, 0, 0], 15, 'private'], // benchmarking, used inside some networks
  [[192, 0, 0, 0], 24, 'forbidden'], // protocol assignments
  [[192, 0, 2, 0], 24, 'forbidden'], // documentation
  [[198, 51, 100, 0], 24, 'forbidden'],
  [[203, 0, 113, 0], 24, 'forbidden'],
  [[224, 0, 0, 0], 4, 'forbidden'], // multicast
  [[240, 0, 0, 0], 4, 'forbidden'], // reserved, broadcast
];

export function classifyIPv4(bytes: number[]): AddressClass {
  return v4Ranges.find(([prefix, bits]) => inRange(bytes, prefix, bits))?.[2] ?? 'public';
}

const hex = (text: string) => parseIPv6(text)!;
const v6Ranges: Array<[number[], number, AddressClass]> = [
  [hex('::1'), 128, 'loopback'],
  [hex('::'), 96, 'forbidden'], // unspecified and the old IPv4-compatible form
  [hex('fe80::'), 10, 'forbidden'], // link-local
  [hex('ff00::'), 8, 'forbidden'], // multicast
  [hex('2001:db8::'), 32, 'forbidden'], // documentation
  [hex('2001::'), 32, 'forbidden'], // Teredo: an IPv4 address no one can check
  [hex('100::'), 64, 'forbidden'], // discard
  [hex('64:ff9b:1::'), 48, 'private'], // local NAT64
  [hex('fc00::'), 7, 'private'], // unique local
  [hex('fec0::'), 10, 'private'], // the old site-local
];

export function classifyIPv6(bytes: number[]): AddressClass {
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach the IPv4 address they carry.
  if (inRange(bytes, hex('::ffff:0:0'), 96) || inRange(bytes, hex('64:ff9b::'), 96)) return classifyIPv4(bytes.slice(12));
  if (inRange(bytes, hex('2002::'), 16)) return classifyIPv4(bytes.slice(2, 6)); // 6to4
  return v6Ranges.find(([prefix, bits]) => inRange(bytes, prefix, bits))?.[2] ?? 'public';
}

/** An address as DNS or a URL gives it (brackets and a zone are not expected; a zone is refused). */
export function classifyAddress(address: string): AddressClass {
  const v4 = parseIPv4(address);
  if (v4) return classifyIPv4(v4);
  const v6 = parseIPv6(address.replace(/^\[|\]$/g, ''));
  return v6 ? classifyIPv6(v6) : 'forbidden';
}

export function isAddressAllowed(address: string, allowPrivateNetwork: boolean): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (allowPrivateNetwork && (kind === 'private' || kind === 'loopback'));
}

/** True when the hostname is an address itself (no DNS involved). */
export function isIpLiteral(hostname: string): boolean {
  return parseIPv4(hostname) !== null || parseIPv6(hostname.replace(/^\[|\]$/g, '')) !== null;
}

/**
 * What a URL's host is before any DNS: an address literal's class, `localhost` (and its
 * subdomains, which resolvers send to loopback) as loopback, `.local` and `.internal`
 * names as private; any other name is judged when it resolves, at delivery time.
 */
export function classifyHostname(hostname: string): AddressClass | 'name' {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (isIpLiteral(host)) return classifyAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.')) return 'private';
  return 'name';
}
