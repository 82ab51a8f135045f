// One HTTP attempt of a delivery: POST the signed body through the shared safe request
// (server/net/safe-request.ts: checked and pinned address, no redirect followed, since its
// target was never checked) within a hard time limit for the whole exchange, and keep the
// first 2 KB of the answer. Never throws: every outcome is a result the worker records.
import type { IncomingMessage } from 'node:http';
import type { DeliveryErrorCode } from '@/core/webhooks/delivery-errors';
import { TargetRefusedError, type RefusalReason, type Resolver } from '@/server/net/resolve-target';
import { deadline, safeRequest } from '@/server/net/safe-request';

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

export async function sendWebhook(input: SendInput): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const limit = deadline(input.timeoutMs);
  try {
    const answer = await safeRequest({
      url: input.url,
      method: 'POST',
      headers: input.headers,
      body: input.body,
      policy: { allowPrivateNetwork: input.allowPrivateNetwork },
      resolver: input.resolver,
      maxRedirects: 0,
      signal: limit.signal,
    });
    const body = storableText(await readSnippet(answer.body, input.snippetBytes), input.snippetBytes);
    const isRedirect = answer.status >= 300 && answer.status < 400;
    if (!isRedirect) return { status: answer.status, body, errorCode: null, error: null, refused: null, durationMs: elapsed() };
    return { status: answer.status, body, errorCode: 'redirect', error: 'Redirects are not followed: give the final address.', refused: null, durationMs: elapsed() };
  } catch (error) {
    const refused = error instanceof TargetRefusedError ? error.reason : null;
    const isTimeout = limit.signal.aborted;
    const reason = isTimeout ? (limit.signal.reason as Error) : (error as Error);
    const errorCode = refused ?? (isTimeout ? 'timeout' : 'network');
    return { status: null, body: null, errorCode, error: storableText(reason?.message ?? String(error), 500), refused, durationMs: elapsed() };
  } finally {
    limit.clear();
  }
}
