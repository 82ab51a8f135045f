// The parts of the OpenAPI document every operation shares: the response headers, how a
// key is presented, and what each error status means here.

export type ApiHeaderName = 'X-Request-Id' | 'ETag' | 'Cache-Control' | 'Vary' | 'Content-Language' | 'Retry-After';

export const apiHeaders: Record<ApiHeaderName, Record<string, unknown>> = {
  'X-Request-Id': {
    description: "Names this request in the server's logs. Send your own (8–128 of A–Z a–z 0–9 . _ -) to have it echoed.",
    required: true,
    schema: { type: 'string' },
  },
  ETag: {
    description: 'A strong validator of the body. Send it back as If-None-Match: while nothing was published since, the answer is 304 with no body.',
    required: true,
    schema: { type: 'string', pattern: '^"[^"]+"$' },
  },
  'Cache-Control': {
    description: '`public, max-age=0, must-revalidate`: keep the answer, but ask again (with If-None-Match) before using it, so a publication is seen at once.',
    required: true,
    schema: { type: 'string' },
  },
  Vary: {
    description: 'The answer depends on Accept-Language (its language) and Origin (its CORS headers).',
    required: true,
    schema: { type: 'string' },
  },
  'Content-Language': {
    description: 'The language the answer was given in, when one was chosen (`lang` or Accept-Language).',
    required: false,
    schema: { type: 'string', enum: ['zh', 'en'] },
  },
  'Retry-After': {
    description: 'Seconds to wait before the key may be used again.',
    required: true,
    schema: { type: 'string', pattern: '^\\d+$' },
  },
};

export const securitySchemes: Record<string, Record<string, unknown>> = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key made in the Studio, sent as `Authorization: Bearer <key>`. A Content API key reads; an Admin API key writes.',
  },
  apiKeyQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'key',
    description: 'The same key as the query parameter `key`, for clients that cannot set a header. Duet’s log shows it as [redacted], but logs of proxies in front and browser histories keep it: prefer the header.',
  },
};

export const errorDescriptions: Record<number, string> = {
  400: 'Bad Request: an input is wrong. `error.fields` names each one (an unknown query parameter included) with what is wrong.',
  401: 'Unauthorized: no API key, or one that is unknown or revoked.',
  403: 'Forbidden: the key is not allowed to do this (a Content API key used for the Admin API, say).',
  404: 'Not Found: nothing published has this id or slug.',
  409: 'Conflict: the thing changed since it was read; read it again and retry.',
  412: 'Precondition Failed: the If-Match version is not the current one.',
  413: 'Payload Too Large: the body is over the limit.',
  415: 'Unsupported Media Type: the body must be JSON.',
  422: 'Unprocessable Content: the request is well formed but cannot be carried out.',
  429: 'Too Many Requests: the key used up its rate; wait the Retry-After seconds.',
};
