// One HTTP attempt of a delivery: POST the signed body to the checked, pinned address,
// within a hard time limit for the whole exchange (DNS, connect, TLS, answer), keep the
// first 2 KB of the answer, and never follow a redirect (its target was never checked).
// Never throws: every outcome is a result the worker records.
import type { LookupFunction } from 'node:net';
import type { DeliveryErrorCode } from '@/core/webhooks/delivery-errors';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { resolveTarget, TargetRefusedError, type RefusalReason, type ResolvedAddress, type Resolver } from './resolve-target';

export interface SendInput {
  url: string;
  allowPrivateNetwork: boolean;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  resolver: Resolver;
  snippetBytes: number;
}

export interface SendResult {
  /** The receiver's status, or null when none came (refused, network error, timeout). */
  status: number | null;
  body: string | null;
  /** Why there was no usable answer; null with a status that says it (a 500). */
  errorCode: DeliveryErrorCode | null;
  error: string | null;
  /** Set when the target was refused before anything was sent. */
  refused: RefusalReason | null;
  durationMs: number;
}

/** Text that fits a database text column: no NUL or other control characters but tab and line breaks. */
export function storableText(text: string, maxChars: number): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '\uFFFD').slice(0, maxChars);
}

/** Connects only to the address that was checked, whatever the name would resolve to now. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

async function readSnippet(response: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) break;
  }
  response.destroy();
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

function post(input: SendInput, target: Awaited<ReturnType<typeof resolveTarget>>, signal: AbortSignal): Promise<{ status: number; body: string }> {
  const { url, hostname, pinned } = target;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...input.headers, 'content-length': String(Buffer.byteLength(input.body)) },
        lookup: pinnedLookup(pinned),
        // A fresh connection each time: a pooled one could have been made to another address.
        agent: false,
        signal,
      },
      (response) => {
        readSnippet(response, input.snippetBytes).then((body) => resolve({ status: response.statusCode ?? 0, body }), reject);
      },
    );
    req.on('error', reject);
    req.end(input.body);
  });
}

export async function sendWebhook(input: SendInput): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`No answer within ${input.timeoutMs / 1000} s.`)), input.timeoutMs);
  try {
    const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true }));
    const target = await Promise.race([resolveTarget(input.url, input.allowPrivateNetwork, input.resolver), aborted]);
    const answer = await Promise.race([post(input, target, controller.signal), aborted]);
    const isRedirect = answer.status >= 300 && answer.status < 400;
    const body = storableText(answer.body, input.snippetBytes);
    if (!isRedirect) return { status: answer.status, body, errorCode: null, error: null, refused: null, durationMs: elapsed() };
    return { status: answer.status, body, errorCode: 'redirect', error: 'Redirects are not followed: give the final address.', refused: null, durationMs: elapsed() };
  } catch (error) {
    const refused = error instanceof TargetRefusedError ? error.reason : null;
    const isTimeout = controller.signal.aborted;
    const reason = isTimeout ? (controller.signal.reason as Error) : (error as Error);
    const errorCode = refused ?? (isTimeout ? 'timeout' : 'network');
    return { status: null, body: null, errorCode, error: storableText(reason?.message ?? String(error), 500), refused, durationMs: elapsed() };
  } finally {
    clearTimeout(timer);
  }
}
