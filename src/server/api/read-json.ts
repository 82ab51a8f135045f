// Reads and validates a JSON request body: wrong content type 415, broken JSON 400,
// a body over the limit 413, fields at fault 400 (via the zod error).
import type { z } from 'zod';
import { AppError } from '@/core/errors/app-error';

export async function readJson<S extends z.ZodType>(request: Request, schema: S, maxBytes = 1_000_000): Promise<z.infer<S>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
  }
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The body is larger than ${maxBytes} bytes.`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', 'The body is not valid JSON.', { fields: { _: ['Malformed JSON'] } });
  }
  return schema.parse(data);
}
