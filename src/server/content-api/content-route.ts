// Serves one Content API operation: the key first (nothing is said to a caller without
// one), then the path and query parsed by the operation's own schemas, the language
// chosen (`lang`, else Accept-Language), the cached answer sent with its ETag (or 304),
// and the key's CORS headers and use recorded on every answer, errors included.
import { z } from 'zod';
import { matchAcceptLanguage } from '@/core/i18n/negotiate-locale';
import { queryObject } from '@/core/content-api/query-schemas';
import { AppError, type FieldErrors } from '@/core/errors/app-error';
import { locales, type Locale } from '@/i18n/routing';
import { finishKeyedResponse, preflightResponse, requireApiKey } from '@/server/api-keys/require-api-key';
import { cacheableJsonResponse, type CachedJson } from '@/server/api/cacheable-json';
import { defineRoute, errorResponse } from '@/server/api/define-route';
import type { ApiOperation, OkBody, ParsedParams, ParsedQuery } from '@/server/openapi/operation';

export interface ContentInput<O extends ApiOperation> {
  params: ParsedParams<O>;
  query: ParsedQuery<O>;
  /** The language to answer in; null: every language. */
  locale: Locale | null;
}

type RawParams = Record<string, string | string[]>;

/** The query's parameters that are not inputs of any operation: the API key. */
const keyParameter = ['key'];
const noQuery = z.strictObject({});

/** Path segments arrive percent-encoded; a malformed escape is the client's mistake. */
function decodeParams(raw: RawParams): Record<string, string> {
  const decoded: Record<string, string> = {};
  const fields: FieldErrors = {};
  for (const [name, value] of Object.entries(raw)) {
    try {
      decoded[name] = decodeURIComponent(Array.isArray(value) ? value.join('/') : value).normalize('NFC');
    } catch {
      fields[name] = ['Has a malformed percent-escape.'];
    }
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', 'The request has invalid fields.', { fields });
  return decoded;
}

function parseInput<O extends ApiOperation>(operation: O, request: Request, raw: RawParams): ContentInput<O> {
  const params = (operation.params?.parse(decodeParams(raw)) ?? {}) as ParsedParams<O>;
  const query = (operation.query ?? noQuery).parse(queryObject(new URL(request.url).searchParams, keyParameter)) as ParsedQuery<O> & { lang?: Locale };
  const locale = query.lang ?? matchAcceptLanguage(request.headers.get('accept-language'), locales);
  return { params, query, locale };
}

export function contentRoute<O extends ApiOperation>(
  operation: O,
  read: (input: ContentInput<O>) => Promise<CachedJson<OkBody<O>> | null>,
  notFound = 'Nothing published has this id or slug.',
) {
  return defineRoute<RawParams>(
    {
      GET: async (request, { params, requestId }) => {
        const key = await requireApiKey(request, 'content');
        let response: Response;
        try {
          const input = parseInput(operation, request, params);
          const answer = await read(input);
          if (!answer) throw new AppError('NOT_FOUND', notFound);
          response = cacheableJsonResponse(request, answer, { contentLanguage: input.locale, vary: 'Accept-Language, Origin' });
        } catch (error) {
          response = errorResponse(error, { requestId, method: request.method, url: request.url });
        }
        return finishKeyedResponse(request, key, response);
      },
    },
    { preflight: preflightResponse },
  );
}
