import { describe, expect, it } from 'vitest';
import { buildReference, describeType, type TypeToken } from './reference-model';

const written = (tokens: TypeToken[]) => tokens.map((t) => ('ref' in t ? `<${t.ref}>` : t.text)).join('');

describe('the API reference model', () => {
  it('writes schemas as types a reader knows', () => {
    expect(written(describeType({ anyOf: [{ $ref: '#/components/schemas/Translation' }, { type: 'null' }] }))).toBe('<Translation> | null');
    expect(written(describeType({ type: 'array', items: { $ref: '#/components/schemas/Post' } }))).toBe('array of <Post>');
    expect(written(describeType({ type: 'string', enum: ['zh', 'en'] }))).toBe('zh | en');
    expect(written(describeType({ type: ['string', 'null'] }))).toBe('string | null');
    expect(written(describeType({ type: 'integer', minimum: 1, maximum: 9007199254740991 }))).toBe('integer ≥ 1');
    expect(written(describeType({ type: 'string', minLength: 1, maxLength: 200 }))).toBe('string 1–200 characters');
    expect(written(describeType({ type: 'string', format: 'date-time' }))).toBe('string (date-time)');
    expect(written(describeType({ type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'array', items: { type: 'string' } } }))).toBe('map of array of string');
    expect(written(describeType({ const: 'x' }))).toBe('"x"');
    expect(written(describeType(undefined))).toBe('any');
  });

  it('groups operations by tag with parameters, answers and a curl example', () => {
    const reference = buildReference({
      openapi: '3.1.0',
      info: { title: 'Duet API', version: '1.2.3' },
      servers: [{ url: 'https://duet.example/' }],
      tags: [{ name: 'Posts', description: 'Posts.' }, { name: 'Unused' }],
      paths: {
        '/api/v1/content/posts/slug/{locale}/{slug}': {
          get: {
            operationId: 'getPostBySlug',
            summary: 'One post',
            tags: ['Posts'],
            'x-duet-key-scope': 'content',
            'x-duet-example': { params: { locale: 'zh', slug: '茶 与' }, query: { lang: 'en' } },
            parameters: [
              { name: 'locale', in: 'path', required: true, schema: { type: 'string', enum: ['zh', 'en'] } },
              { name: 'lang', in: 'query', required: false, description: 'The language.', schema: { type: 'string', enum: ['zh', 'en'] } },
            ],
            responses: {
              '200': { description: 'The post.', content: { 'application/json': { schema: { $ref: '#/components/schemas/PostResponse' } } } },
              '304': { description: 'Not Modified.' },
            },
          },
        },
        '/api/v1/admin/posts': {
          post: { operationId: 'createPost', summary: 'Create', tags: ['Admin'], 'x-duet-key-scope': 'admin', 'x-duet-example': { body: { title: "It's" } }, requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { title: { type: 'string', minLength: 1 } }, required: ['title'] } } } }, responses: { '201': { description: 'Made.' } } },
        },
        '/api/v1/openapi.json': { get: { operationId: 'document', summary: 'The document', tags: ['Meta'], responses: { '200': { description: 'It.' } } } },
      },
      components: { schemas: { PostResponse: { type: 'object', description: 'A post.', properties: { locale: { anyOf: [{ $ref: '#/components/schemas/Locale' }, { type: 'null' }], description: 'The language.' } }, required: ['locale'] } } },
    });
    expect(reference.groups.map((g) => g.name)).toEqual(['Posts', 'Admin', 'Meta']);
    const [get] = reference.groups[0]!.operations;
    expect(get).toMatchObject({ id: 'getPostBySlug', method: 'get', keyScope: 'content', responses: [{ status: '200', description: 'The post.', type: [{ ref: 'PostResponse' }] }, { status: '304', description: 'Not Modified.' }] });
    expect(get!.parameters[1]).toEqual({ name: 'lang', in: 'query', required: false, description: 'The language.', type: [{ text: 'zh | en' }] });
    expect(get!.curl).toBe('curl -H "Authorization: Bearer $DUET_API_KEY" "https://duet.example/api/v1/content/posts/slug/zh/%E8%8C%B6%20%E4%B8%8E?lang=en"');
    expect(reference.groups[1]!.operations[0]!.curl).toBe(`curl -X POST -H "Authorization: Bearer $DUET_API_KEY" -H "Content-Type: application/json" -d '{"title":"It'\\''s"}' "https://duet.example/api/v1/admin/posts"`);
    expect(reference.groups[1]!.operations[0]!.body).toEqual({ name: 'body', type: [{ text: 'object' }], properties: [{ name: 'title', required: true, type: [{ text: 'string ≥ 1 characters' }] }] });
    expect(reference.groups[2]!.operations[0]!.curl).toBe('curl "https://duet.example/api/v1/openapi.json"');
    expect(reference.schemas).toEqual([
      { name: 'PostResponse', description: 'A post.', type: [{ text: 'object' }], properties: [{ name: 'locale', required: true, description: 'The language.', type: [{ ref: 'Locale' }, { text: ' | ' }, { text: 'null' }] }] },
    ]);
  });
});
