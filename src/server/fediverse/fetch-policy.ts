// Where the federation may connect (#29): https only, to public addresses, checked by the
// same SSRF rules as webhooks (server/net/resolve-target.ts). DUET_FEDERATION_ALLOW_PRIVATE=1
// (tests on loopback) also allows plain http and private or loopback addresses; link-local,
// multicast and reserved addresses stay refused even then.
import { resolveTarget, systemResolver, TargetRefusedError, type AddressPolicy } from '@/server/net/resolve-target';

export function isPrivateFetchAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DUET_FEDERATION_ALLOW_PRIVATE === '1';
}

export function federationAddressPolicy(): AddressPolicy {
  return { allowPrivateNetwork: isPrivateFetchAllowed() };
}

/** Throws TargetRefusedError unless the federation may reach `url` (its scheme and every address). */
export async function assertReachable(url: string | URL): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isPrivateFetchAllowed())) {
    throw new TargetRefusedError('url', `Only https addresses are reached: ${parsed.protocol} is not.`);
  }
  await resolveTarget(parsed, federationAddressPolicy(), systemResolver);
}

/** True when the federation may reach `url`. */
export async function isReachable(url: string | URL): Promise<boolean> {
  try {
    await assertReachable(url);
    return true;
  } catch {
    return false;
  }
}
