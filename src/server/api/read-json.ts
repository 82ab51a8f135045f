// Reads and validates a JSON request body without ever holding more than the route's
// limit: a declared Content-Length over it is refused before a byte is read, and a body
// that arrives without a length (or lies about it) is cut off at the limit. Wrong content
// type 415, over the limit 413, broken JSON or invalid UTF-8 400, fields at fault 400.
import type { z } from 'zod';
import { AppError } from '@/core/errors/app-error';

function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The body is larger than ${maxBytes} bytes.`, { reason: 'payload-too-large' });
}

/** The body's bytes, at most `maxBytes` of them (413 beyond). */
export async function readLimitedBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    if (!/^\s*\d+\s*$/.test(declared)) throw new AppError('BAD_REQUEST', 'The Content-Length header is not a number.');
    if (Number(declared) > maxBytes) throw tooLarge(maxBytes);
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export async function readJson<S extends z.ZodType>(request: Request, schema: S, maxBytes = 64 * 1024): Promise<z.infer<S>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
  }
  const bytes = await readLimitedBody(request, maxBytes);
  let data: unknown;
  try {
    data = JSON.parse(utf8.decode(bytes));
  } catch {
    throw new AppError('BAD_REQUEST', 'The body is not valid JSON in UTF-8.', { fields: { _: ['Malformed JSON'] } });
  }
  return schema.parse(data);
}
