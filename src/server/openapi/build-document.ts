// Builds the OpenAPI 3.1 document from the declared operations: their zod schemas become
// JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) through zod's own z.toJSONSchema.
// Answers are written as their output (what the handler sends), inputs as their input
// (what the client sends: text query parameters, a body before defaults).
import { z } from 'zod';
import { apiErrorSchema, componentRegistry } from '@/core/openapi/components';
import type { ApiErrorBody } from '@/server/api/respond';
import { errorsOf, type ApiOperation } from './operation';
import { apiHeaders, errorDescriptions, securitySchemes, type ApiHeaderName } from './document-parts';

type JsonObject = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, JsonObject>>;
  components: { schemas: Record<string, JsonObject>; headers: Record<string, JsonObject>; securitySchemes: Record<string, JsonObject> };
}

export interface DocumentOptions {
  version: string;
  serverUrl: string;
  description: string;
  tags?: Array<{ name: string; description: string }>;
}

const target = 'draft-2020-12';

/** The documented error shape is the one respond.ts builds: this stops compiling if they part. */
const errorShapeAgrees: ApiErrorBody extends z.output<typeof apiErrorSchema> ? true : false = true;
void errorShapeAgrees;
const schemaRef = (id: string) => `#/components/schemas/${id}`;

/** The date-time format says it all; zod's long pattern for it would only clutter the reference. */
function override({ jsonSchema }: { jsonSchema: JsonObject }): void {
  if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
}

/** A schema as a component or a part of the document: no $schema or $id of its own. */
function bare(schema: JsonObject): JsonObject {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  void _schema;
  void _id;
  return rest;
}

function inputSchema(schema: z.ZodType): JsonObject {
  return bare(z.toJSONSchema(schema, { target, io: 'input', override }) as JsonObject);
}

function parametersOf(location: 'path' | 'query', schema: z.ZodObject | undefined): JsonObject[] {
  if (!schema) return [];
  const json = inputSchema(schema) as { properties?: Record<string, JsonObject>; required?: string[] };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: location, required: location === 'path' || required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

function headerRefs(names: readonly ApiHeaderName[]): JsonObject {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

function jsonContent(id: string): JsonObject {
  return { 'application/json': { schema: { $ref: schemaRef(id) } } };
}

function responsesOf(operation: ApiOperation, okSchemaId: string | undefined, idOf: (schema: z.ZodType) => string | undefined): JsonObject {
  const ok: ApiHeaderName[] = operation.cacheable ? ['X-Request-Id', 'ETag', 'Cache-Control', 'Vary', 'Content-Language'] : ['X-Request-Id'];
  const responses: JsonObject = {
    [operation.ok.status]: { description: operation.ok.description, headers: headerRefs(ok), ...(okSchemaId ? { content: jsonContent(okSchemaId) } : {}) },
  };
  if (operation.cacheable) {
    responses['304'] = { description: 'Not Modified: the ETag sent as If-None-Match is still current. No body.', headers: headerRefs(['X-Request-Id', 'ETag', 'Cache-Control', 'Vary']) };
  }
  for (const status of errorsOf(operation)) {
    const headers: ApiHeaderName[] = status === 429 ? ['X-Request-Id', 'Retry-After'] : ['X-Request-Id'];
    const special = operation.errorBodies?.[status as keyof ApiOperation['errorBodies']];
    const bodyId = (special && idOf(special)) ?? 'Error';
    responses[status] = { description: errorDescriptions[status] ?? 'Refused.', headers: headerRefs(headers), content: jsonContent(bodyId) };
  }
  return responses;
}

function securityOf(operation: ApiOperation): JsonObject {
  if (operation.auth === 'public') return { security: [] };
  return { security: [{ apiKey: [] }, { apiKeyQuery: [] }], 'x-duet-key-scope': operation.auth };
}

export function buildOpenApiDocument(operations: readonly ApiOperation[], options: DocumentOptions): OpenApiDocument {
  const registry = componentRegistry();
  if (!registry.has(apiErrorSchema)) registry.add(apiErrorSchema, { id: 'Error' });
  // An answer's schema not named as a component gets the operation's name, so it is written once.
  for (const operation of operations) {
    const schema = operation.ok.schema;
    if (schema && !registry.has(schema)) registry.add(schema, { id: `${operation.operationId[0]!.toUpperCase()}${operation.operationId.slice(1)}Response` });
    for (const special of Object.values(operation.errorBodies ?? {})) {
      if (!registry.has(special)) throw new Error(`${operation.operationId}: name its error body with component().`);
    }
  }
  const { schemas } = z.toJSONSchema(registry, { target, io: 'output', uri: schemaRef, override });
  if ('__shared' in schemas) throw new Error('A schema is reused in a way the document cannot name; name it with component().');

  const paths: OpenApiDocument['paths'] = {};
  const seen = new Set<string>();
  for (const operation of operations) {
    if (seen.has(operation.operationId)) throw new Error(`Two operations are named ${operation.operationId}`);
    seen.add(operation.operationId);
    const entry = (paths[operation.path] ??= {});
    if (entry[operation.method]) throw new Error(`${operation.method.toUpperCase()} ${operation.path} is declared twice`);
    entry[operation.method] = {
      operationId: operation.operationId,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: [operation.tag],
      ...securityOf(operation),
      parameters: [...parametersOf('path', operation.params), ...parametersOf('query', operation.query)],
      ...(operation.body ? { requestBody: { required: true, content: { 'application/json': { schema: inputSchema(operation.body) } } } } : {}),
      responses: responsesOf(operation, operation.ok.schema && registry.get(operation.ok.schema)?.id, (schema) => registry.get(schema)?.id),
      // The values the reference's curl example uses.
      ...(operation.example ? { 'x-duet-example': operation.example } : {}),
    };
  }

  const tagNames = [...new Set(operations.map((o) => o.tag))];
  return {
    openapi: '3.1.0',
    info: { title: 'Duet API', version: options.version, description: options.description },
    servers: [{ url: options.serverUrl }],
    tags: tagNames.map((name) => {
      const description = options.tags?.find((t) => t.name === name)?.description;
      return description ? { name, description } : { name };
    }),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, bare(schema as JsonObject)])),
      headers: apiHeaders,
      securitySchemes,
    },
  };
}
