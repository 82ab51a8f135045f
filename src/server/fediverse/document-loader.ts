// The document loaders Fedify fetches remote actors, keys and objects with (#29), made on
// Duet's SSRF-safe fetcher (server/net/safe-request.ts) instead of Fedify's own: https only
// and public addresses only (fetch-policy.ts), the connection pinned to the address that was
// checked, every redirect checked again, 10 s and 1 MB at most per document. The
// authenticated loader signs each hop's request with the actor's key (HTTP Signatures) for
// servers that answer only signed fetches.
import { FetchError, preloadedContexts, signRequest, type DocumentLoader, type RemoteDocument } from '@fedify/fedify';
import { deadline, safeRequest } from '@/server/net/safe-request';
import { TargetRefusedError } from '@/server/net/resolve-target';
import { assertReachable, federationAddressPolicy } from './fetch-policy';

const maxDocumentBytes = 1024 * 1024;
const timeoutMs = 10_000;
const maxRedirects = 3;
const accept = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

export interface Signer {
  keyId: URL;
  privateKey: CryptoKey;
}

async function readBody(body: AsyncIterable<Buffer>, url: string): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > maxDocumentBytes) throw new FetchError(url, `The document is larger than ${maxDocumentBytes} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function load(url: string, userAgent: string, signer: Signer | null, signal?: AbortSignal): Promise<RemoteDocument> {
  if (url in preloadedContexts) return { contextUrl: null, documentUrl: url, document: preloadedContexts[url] };
  const limit = deadline(timeoutMs);
  const onAbort = () => limit.clear();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let current = new URL(url);
    for (let hop = 0; ; hop += 1) {
      try {
        await assertReachable(current);
      } catch (error) {
        if (error instanceof TargetRefusedError) throw new FetchError(current, error.message);
        throw error;
      }
      let headers: Record<string, string> = { accept, 'user-agent': userAgent };
      if (signer) {
        const signed = await signRequest(new Request(current, { headers }), signer.privateKey, signer.keyId, { spec: 'draft-cavage-http-signatures-12' });
        headers = Object.fromEntries(signed.headers.entries());
      }
      const response = await safeRequest({ url: current.toString(), headers, policy: federationAddressPolicy(), maxRedirects: 0, signal: limit.signal });
      const location = response.headers.location;
      if (response.status >= 300 && response.status < 400 && location) {
        response.body.destroy();
        if (hop >= maxRedirects) throw new FetchError(current, 'Too many redirects.');
        current = new URL(location, current);
        continue;
      }
      if (response.status < 200 || response.status >= 300) {
        response.body.destroy();
        throw new FetchError(current, `HTTP ${response.status}`);
      }
      const text = await readBody(response.body, current.toString());
      let document: unknown;
      try {
        document = JSON.parse(text);
      } catch {
        throw new FetchError(current, 'The answer is not JSON.');
      }
      return { contextUrl: null, documentUrl: current.toString(), document };
    }
  } finally {
    limit.clear();
    signal?.removeEventListener('abort', onAbort);
  }
}

export function safeDocumentLoader(userAgent: string): DocumentLoader {
  return (url, options) => load(url, userAgent, null, options?.signal);
}

export function safeAuthenticatedDocumentLoader(signer: Signer, userAgent: string): DocumentLoader {
  return (url, options) => load(url, userAgent, signer, options?.signal);
}
