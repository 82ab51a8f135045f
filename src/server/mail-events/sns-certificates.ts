// The certificates SNS signs with, fetched over https from sns.<region>.amazonaws.com and
// kept: SNS uses a handful per region for months, so a notification costs no fetch after
// the first. Fetching is injectable (tests make their certificate with node:crypto and
// serve it from memory); a failed fetch is not kept, so the next message tries again.
import { isSnsCertificateUrl } from '@/core/mail-events/sns-signature';

export type FetchText = (url: string) => Promise<string>;

const maxCertificateBytes = 16 * 1024;
const maxKept = 16;

/** The network fetch: https only (the URL was judged already), bounded in time and size. */
export const fetchOverNetwork: FetchText = async (url) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const text = await response.text();
  if (text.length > maxCertificateBytes) throw new Error(`${url} is larger than a certificate`);
  return text;
};

export interface CertificateCache {
  get(url: string): Promise<string>;
}

export function createCertificateCache(fetchText: FetchText = fetchOverNetwork): CertificateCache {
  const kept = new Map<string, Promise<string>>();
  return {
    get(url) {
      if (!isSnsCertificateUrl(url)) return Promise.reject(new Error('not an SNS certificate address'));
      const known = kept.get(url);
      if (known) return known;
      if (kept.size >= maxKept) kept.delete(kept.keys().next().value!);
      const pending = fetchText(url);
      kept.set(url, pending);
      pending.catch(() => kept.delete(url));
      return pending;
    },
  };
}
