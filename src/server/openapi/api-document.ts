// The one list of documented operations, and the OpenAPI document made from it (served at
// /api/v1/openapi.json, shown in the Studio's reference). An API family adds its
// operations here in one line: `...adminApiOperations`.
import { adminApiOperations, adminApiTags } from '@/server/admin-api/operations';
import { contentApiOperations, contentApiTags } from '@/server/content-api/operations';
import { siteUrl } from '@/core/config/site-url';
import { appVersion } from '@/server/version';
import { buildOpenApiDocument, type OpenApiDocument } from './build-document';
import type { ApiOperation } from './operation';

export const apiOperations: readonly ApiOperation[] = [...contentApiOperations, ...Object.values(adminApiOperations)];

export const apiTags: ReadonlyArray<{ name: string; description: string }> = [...contentApiTags, ...adminApiTags];

const description = [
  "Duet's HTTP API. Every answer is JSON; every error has the shape `{\"error\": {status, title, message, fields?, reason?}}`.",
  '',
  '**Keys.** Each call needs an API key made in the Studio: `Authorization: Bearer <key>`, or `?key=<key>` where a header cannot be set. A key reads the Content API or writes through the Admin API, as its scope says; its CORS origins are set with it.',
  '',
  '**Languages.** `?lang=zh|en` (or else Accept-Language) picks the language of an answer; a text missing in that language is `null`, never the other language in its place. The answer then carries Content-Language.',
  '',
  '**Caching.** Content API answers carry a strong ETag and `Cache-Control: public, max-age=0, must-revalidate`: send the ETag back as If-None-Match and get 304 until something is published.',
  '',
  '**Paging.** Lists give `nextCursor`; pass it as `cursor` for the next page, until it is null.',
].join('\n');

let built: OpenApiDocument | undefined;

/** Built once per process: the operations and SITE_URL do not change while it runs. */
export function apiDocument(): OpenApiDocument {
  built ??= buildOpenApiDocument(apiOperations, { version: appVersion, serverUrl: siteUrl().origin, description, tags: [...apiTags] });
  return built;
}
