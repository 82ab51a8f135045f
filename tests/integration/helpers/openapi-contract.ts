// The contract check: an answer of the API is what the OpenAPI document says the
// operation answers: a documented status, the headers it requires (each matching its
// schema), and a JSON body valid against its schema, or no body where none is documented.
// Every API test wraps its answers in it:
//
//   const { response, body } = await callWithContract(GET, request, { id: '1' });
//   const body = await expectContract(request, response);
import { apiDocument } from '@/server/openapi/api-document';
import type { OpenApiDocument } from '@/server/openapi/build-document';
import { JsonSchemaValidator, type JsonSchema } from './json-schema';

type JsonObject = Record<string, unknown>;
type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

function ref<T>(document: OpenApiDocument, value: T | { $ref: string }): T {
  if (typeof value !== 'object' || value === null || !('$ref' in value)) return value as T;
  let node: unknown = document;
  for (const part of value.$ref.slice(2).split('/')) node = (node as JsonObject)[part];
  if (node === undefined) throw new Error(`Unresolvable reference ${value.$ref}`);
  return node as T;
}

/** The operation a request reaches: its method and the path template its URL matches. */
export function findOperation(document: OpenApiDocument, method: string, url: string): { path: string; operation: JsonObject } {
  const { pathname } = new URL(url);
  const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  const matches = Object.keys(document.paths).filter((template) => {
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(pathname) && document.paths[template]![verb];
  });
  // A literal segment wins over a parameter (/posts/slug/… before /posts/{id}).
  const path = matches.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
  if (!path) throw new Error(`The OpenAPI document has no operation for ${method} ${pathname}`);
  return { path, operation: document.paths[path]![verb]! };
}

/** Checks `response` against the document; gives back its parsed JSON body (undefined when it has none). */
export async function expectContract(request: Request, response: Response, document: OpenApiDocument = apiDocument()): Promise<unknown> {
  const { path, operation } = findOperation(document, request.method, request.url);
  const where = `${request.method} ${path} → ${response.status}`;
  const responses = operation.responses as Record<string, JsonObject>;
  const spec = ref(document, responses[String(response.status)] ?? responses.default);
  if (!spec) throw new Error(`${where}: the status is not documented (documented: ${Object.keys(responses).join(', ')})`);
  const validator = new JsonSchemaValidator(document);
  const problems: string[] = [];

  for (const [name, header] of Object.entries((spec.headers ?? {}) as Record<string, JsonObject>)) {
    const resolved = ref(document, header) as { required?: boolean; schema: JsonSchema };
    const value = response.headers.get(name);
    if (value === null) {
      if (resolved.required) problems.push(`header ${name} is missing`);
      continue;
    }
    for (const e of validator.validate(value, resolved.schema)) problems.push(`header ${name} ${e.message}`);
  }

  const text = await response.clone().text();
  const json = (spec.content as JsonObject | undefined)?.['application/json'] as { schema: JsonSchema } | undefined;
  let body: unknown;
  if (!json || request.method === 'HEAD') {
    if (text !== '') problems.push(`has a body where none is documented: ${text.slice(0, 120)}`);
  } else {
    if (!/^application\/json\b/.test(response.headers.get('content-type') ?? '')) problems.push(`Content-Type is ${response.headers.get('content-type')}, not application/json`);
    try {
      body = JSON.parse(text);
      for (const e of validator.validate(body, json.schema)) problems.push(`body${e.at} ${e.message}`);
    } catch (error) {
      problems.push(`body is not JSON (${(error as Error).message}): ${text.slice(0, 120)}`);
    }
  }
  if (problems.length > 0) throw new Error(`${where} breaks the OpenAPI contract:\n  ${problems.join('\n  ')}`);
  return body;
}

/** Calls a route handler and checks its answer against the document. */
export async function callWithContract(handler: Handler, request: Request, params: Record<string, string | string[]> = {}) {
  const response = await handler(request, { params: Promise.resolve(params) });
  const body = await expectContract(request, response);
  return { response, body };
}
