// One HTTP exchange with an address a person named, made safe to do from inside the
// server's network: http(s) only, the host resolved and every address checked
// (resolve-target.ts), the connection pinned to the address that was checked and never
// pooled, redirects followed only when asked and each hop checked again as a new target,
// and everything (DNS, connect, TLS, the answer and the caller's reading of its body)
// bounded by one deadline. Used by webhook deliveries and by copying a remote image into
// the media library; the caller decides how much of the body it reads.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveTarget, systemResolver, type AddressPolicy, type ResolvedAddress, type Resolver, type Target } from './resolve-target';

export interface SafeRequestInput {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  policy: AddressPolicy;
  resolver?: Resolver;
  /** Redirects to follow (each target checked again); past them, or with 0, a 3xx is the answer. */
  maxRedirects?: number;
  /** Aborts the whole exchange, body included (see `deadline`). */
  signal: AbortSignal;
}

export interface SafeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The answer's body, unread: the caller reads what it needs and destroys the rest. */
  body: IncomingMessage;
  /** Where the answer came from, after any redirects. */
  url: URL;
}

/** Connects only to the address that was checked, whatever the name would resolve to now. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

function send(input: SafeRequestInput, target: Target, method: 'GET' | 'POST', body: string | undefined): Promise<IncomingMessage> {
  const { url, hostname, pinned } = target;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers = body === undefined ? { ...input.headers } : { ...input.headers, 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        lookup: pinnedLookup(pinned),
        // A fresh connection each time: a pooled one could have been made to another address.
        agent: false,
        signal: input.signal,
      },
      resolve,
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Rejects when the signal aborts: for steps that cannot be aborted themselves (a DNS lookup). */
function raceAbort<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const isRedirect = (status: number) => status === 301 || status === 302 || status === 303 || status === 307 || status === 308;

/** Throws TargetRefusedError for a refused address, the signal's reason when it aborts, a network error otherwise. */
export async function safeRequest(input: SafeRequestInput): Promise<SafeResponse> {
  const resolver = input.resolver ?? systemResolver;
  let url: string | URL = input.url;
  let method = input.method ?? 'GET';
  let body = input.body;
  for (let hop = 0; ; hop += 1) {
    const target: Target = await raceAbort(input.signal, resolveTarget(url, input.policy, resolver));
    const response: IncomingMessage = await raceAbort(input.signal, send(input, target, method, body));
    const status = response.statusCode ?? 0;
    const location: string | undefined = response.headers.location;
    if (!isRedirect(status) || !location || hop >= (input.maxRedirects ?? 0)) return { status, headers: response.headers, body: response, url: target.url };
    response.destroy();
    url = new URL(location, target.url);
    if (status === 303) {
      method = 'GET';
      body = undefined;
    }
  }
}

/** One time limit for a whole exchange; `clear` once it is over. */
export function deadline(timeoutMs: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`No answer within ${timeoutMs / 1000} s.`)), timeoutMs);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
