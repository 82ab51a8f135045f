// Serves one Content API operation: the key first (nothing is said to a caller without
// one), then the path and query parsed by the operation's own schemas, the language
// chosen (`lang`, else Accept-Language), and the cached answer sent with its ETag (or
// 304). withApiKey adds the key's CORS headers and logs every answer, errors included.
import { z } from 'zod';
import { matchAcceptLanguage } from '@/core/i18n/negotiate-locale';
import { parseTextInputs, queryObject } from '@/core/content-api/query-schemas';
import { AppError } from '@/core/errors/app-error';
import { locales, type Locale } from '@/core/locales';
import { preflightResponse, withApiKey } from '@/server/api-keys/require-api-key';
import { cacheableJsonResponse, type CachedJson } from '@/server/api/cacheable-json';
import { defineRoute } from '@/server/api/define-route';
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

/** Next gives a route handler its path segments decoded already (pages get them encoded). */
function normalizeParams(raw: RawParams): Record<string, string> {
  return Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, (Array.isArray(value) ? value.join('/') : value).normalize('NFC')]));
}

function parseInput<O extends ApiOperation>(operation: O, request: Request, raw: RawParams): ContentInput<O> {
  const params = (operation.params ? parseTextInputs(operation.params, normalizeParams(raw)) : {}) as ParsedParams<O>;
  const query = parseTextInputs(operation.query ?? noQuery, queryObject(new URL(request.url).searchParams, keyParameter)) as ParsedQuery<O> & { lang?: Locale };
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
      GET: withApiKey<RawParams>('content', async (request, { params }) => {
        const input = parseInput(operation, request, params);
        const answer = await read(input);
        if (!answer) throw new AppError('NOT_FOUND', notFound);
        // withApiKey adds Origin to Vary, with the key's CORS headers.
        return cacheableJsonResponse(request, answer, { contentLanguage: input.locale, vary: 'Accept-Language' });
      }),
    },
    { preflight: (request, allow) => preflightResponse(request, allow) },
  );
}
