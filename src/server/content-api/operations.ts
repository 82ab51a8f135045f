// The operations of the Content API (GET /api/v1/content/…): read-only, published content
// only, every call with a Content API key. Each route handler serves one of these with the
// same schemas; the OpenAPI document lists them all.
import {
  authorListSchema,
  authorResponseSchema,
  postListSchema,
  postResponseSchema,
  settingsResponseSchema,
  tagListSchema,
  tagResponseSchema,
} from '@/core/content-api/resource-schemas';
import { authorParams, idParams, languageQuery, listQuery, slugParams, tagParams } from '@/core/content-api/query-schemas';
import { defineOperation, type ApiOperation } from '@/server/openapi/operation';

const base = { method: 'get', auth: 'content', cacheable: true } as const;

function textOperations(kind: 'post' | 'page') {
  const plural = kind === 'post' ? 'posts' : 'pages';
  const Plural = kind === 'post' ? 'Posts' : 'Pages';
  const Kind = kind === 'post' ? 'Post' : 'Page';
  return {
    list: defineOperation({
      ...base,
      operationId: `list${Plural}`,
      path: `/api/v1/content/${plural}`,
      tag: Plural,
      summary: `List published ${plural}`,
      description: `Newest first, ${kind === 'post' ? 'filtered' : 'optionally filtered'} by language, tag, author, featured and publication date, a page at a time: pass \`nextCursor\` as \`cursor\` until it is null.`,
      query: listQuery,
      ok: { status: 200, description: `A page of ${plural}.`, schema: postListSchema },
      example: { query: { lang: 'en', limit: '5' } },
    }),
    byId: defineOperation({
      ...base,
      operationId: `get${Kind}`,
      path: `/api/v1/content/${plural}/{id}`,
      tag: Plural,
      summary: `One published ${kind} by its id`,
      description: 'With a language chosen, a text missing in it is `null` in `translations` and absent from `availableLocales`.',
      params: idParams,
      query: languageQuery,
      ok: { status: 200, description: `The ${kind}.`, schema: postResponseSchema },
      errors: [404],
      example: { params: { id: '1' } },
    }),
    bySlug: defineOperation({
      ...base,
      operationId: `get${Kind}BySlug`,
      path: `/api/v1/content/${plural}/slug/{locale}/{slug}`,
      tag: Plural,
      summary: `One published ${kind} by its slug in a language`,
      description: 'The slug must be the one of that language (slugs are per language). The answer has both languages unless `lang` or Accept-Language picks one.',
      params: slugParams,
      query: languageQuery,
      ok: { status: 200, description: `The ${kind}.`, schema: postResponseSchema },
      errors: [404],
      example: { params: { locale: 'en', slug: kind === 'post' ? 'hello-world' : 'about' } },
    }),
  };
}

export const postOperations = textOperations('post');
export const pageOperations = textOperations('page');

export const tagOperations = {
  list: defineOperation({
    ...base,
    operationId: 'listTags',
    path: '/api/v1/content/tags',
    tag: 'Tags',
    summary: 'List every tag',
    description: 'With the number of published posts carrying each.',
    query: languageQuery,
    ok: { status: 200, description: 'Every tag.', schema: tagListSchema },
  }),
  bySlug: defineOperation({
    ...base,
    operationId: 'getTag',
    path: '/api/v1/content/tags/{slug}',
    tag: 'Tags',
    summary: 'One tag by its slug',
    description: 'The slug of either language; the chosen language is looked in first.',
    params: tagParams,
    query: languageQuery,
    ok: { status: 200, description: 'The tag.', schema: tagResponseSchema },
    errors: [404],
    example: { params: { slug: 'essays' } },
  }),
};

export const authorOperations = {
  list: defineOperation({
    ...base,
    operationId: 'listAuthors',
    path: '/api/v1/content/authors',
    tag: 'Authors',
    summary: 'List the authors who have published',
    description: 'Bylines with at least one published post, with their picture and number of posts; no e-mail address or account data. Any byline, published or not, is found by its handle.',
    query: languageQuery,
    ok: { status: 200, description: 'Every author, by handle.', schema: authorListSchema },
  }),
  byHandle: defineOperation({
    ...base,
    operationId: 'getAuthor',
    path: '/api/v1/content/authors/{handle}',
    tag: 'Authors',
    summary: 'One author by handle',
    params: authorParams,
    query: languageQuery,
    ok: { status: 200, description: 'The author.', schema: authorResponseSchema },
    errors: [404],
    example: { params: { handle: 'editor' } },
  }),
};

export const settingsOperation = defineOperation({
  ...base,
  operationId: 'getSettings',
  path: '/api/v1/content/settings',
  tag: 'Site',
  summary: "The site's settings",
  description: 'Its name and description per language, links, feeds, accent colour, logo and icon.',
  query: languageQuery,
  ok: { status: 200, description: 'The settings.', schema: settingsResponseSchema },
});

export const contentApiOperations: readonly ApiOperation[] = [
  ...Object.values(postOperations),
  ...Object.values(pageOperations),
  ...Object.values(tagOperations),
  ...Object.values(authorOperations),
  settingsOperation,
];

export const contentApiTags = [
  { name: 'Posts', description: 'Published posts, each with its texts in both languages.' },
  { name: 'Pages', description: 'Published pages (About and the like): the same shape as posts, `kind` page.' },
  { name: 'Tags', description: 'Tags with their name and slug per language.' },
  { name: 'Authors', description: 'Bylines.' },
  { name: 'Site', description: 'What the site says about itself.' },
];
