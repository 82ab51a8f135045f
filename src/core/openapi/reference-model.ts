// What the API reference page shows, read from the OpenAPI document (not from the code
// that made it), so the page describes exactly what /api/v1/openapi.json says: operations
// by group with parameters, answers and a curl example, then the schemas. Types are
// written the way a reader of the reference thinks of them: `Translation | null`,
// `array of Post`, `zh | en`.

type JsonObject = Record<string, unknown>;

/** A piece of a written type: text, or the name of a schema (the page links it). */
export type TypeToken = { text: string } | { ref: string };

export interface ReferenceParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  type: TypeToken[];
  description?: string;
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  /** The scope of key it needs, or null when none. */
  keyScope: string | null;
  parameters: ReferenceParameter[];
  /** The JSON request body: its type and, for an object, its fields. */
  body?: ReferenceSchema;
  responses: Array<{ status: string; description: string; type?: TypeToken[] }>;
  curl: string;
}

export interface ReferenceGroup {
  name: string;
  description?: string;
  operations: ReferenceOperation[];
}

export interface ReferenceSchema {
  name: string;
  description?: string;
  /** The properties of an object; empty for anything else (whose `type` says what it is). */
  properties: Array<{ name: string; required: boolean; type: TypeToken[]; description?: string }>;
  type: TypeToken[];
}

export interface ApiReference {
  title: string;
  version: string;
  serverUrl: string;
  groups: ReferenceGroup[];
  schemas: ReferenceSchema[];
}

const text = (value: string): TypeToken => ({ text: value });
const joined = (parts: TypeToken[][], separator: string): TypeToken[] => parts.flatMap((part, i) => (i === 0 ? part : [text(separator), ...part]));
/** JavaScript's safe-integer bounds say nothing to a reader. */
const isMeaningful = (bound: unknown): bound is number => typeof bound === 'number' && Math.abs(bound) < Number.MAX_SAFE_INTEGER;

function bounds(schema: JsonObject, unit = ''): string {
  const min = isMeaningful(schema.minimum) ? schema.minimum : isMeaningful(schema.minLength) ? schema.minLength : undefined;
  const max = isMeaningful(schema.maximum) ? schema.maximum : isMeaningful(schema.maxLength) ? schema.maxLength : undefined;
  if (min !== undefined && max !== undefined) return ` ${min}–${max}${unit}`;
  if (min !== undefined) return ` ≥ ${min}${unit}`;
  if (max !== undefined) return ` ≤ ${max}${unit}`;
  return '';
}

/** A schema written as a type. */
export function describeType(schema: unknown): TypeToken[] {
  if (schema === true || schema === undefined) return [text('any')];
  if (schema === false) return [text('nothing')];
  const s = schema as JsonObject;
  if (typeof s.$ref === 'string') return [{ ref: s.$ref.split('/').pop()! }];
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) return joined(((s.anyOf ?? s.oneOf) as unknown[]).map(describeType), ' | ');
  if (Array.isArray(s.enum)) return [text(s.enum.map((v) => String(v)).join(' | '))];
  if ('const' in s) return [text(JSON.stringify(s.const))];
  if (Array.isArray(s.type)) return joined(s.type.map((type) => describeType({ ...s, type })), ' | ');
  switch (s.type) {
    case 'array':
      return [text('array of '), ...describeType(s.items)];
    case 'object':
      if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') return [text('map of '), ...describeType(s.additionalProperties)];
      return [text('object')];
    case 'string':
      return [text(`string${s.format ? ` (${s.format})` : ''}${bounds(s, s.minLength !== undefined || s.maxLength !== undefined ? ' characters' : '')}`)];
    case 'integer':
    case 'number':
      return [text(`${s.type}${bounds(s)}`)];
    case 'null':
    case 'boolean':
      return [text(s.type)];
    default:
      return [text('any')];
  }
}

function exampleUrl(serverUrl: string, path: string, example: { params?: Record<string, string>; query?: Record<string, string> } | undefined): string {
  const filled = path.replace(/\{([^}]+)\}/g, (whole, name: string) => encodeURIComponent(example?.params?.[name] ?? name));
  const query = new URLSearchParams(example?.query ?? {}).toString();
  return `${serverUrl.replace(/\/$/, '')}${filled}${query ? `?${query}` : ''}`;
}

/** A curl command for the operation, with its example values; the key is read from $DUET_API_KEY. */
export function curlOf(serverUrl: string, method: string, path: string, operation: JsonObject): string {
  const example = operation['x-duet-example'] as { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } | undefined;
  const parts = ['curl'];
  if (method !== 'get') parts.push(`-X ${method.toUpperCase()}`);
  if (operation['x-duet-key-scope']) parts.push('-H "Authorization: Bearer $DUET_API_KEY"');
  if (example?.body !== undefined) parts.push(`-H "Content-Type: application/json" -d '${JSON.stringify(example.body).replace(/'/g, "'\\''")}'`);
  parts.push(`"${exampleUrl(serverUrl, path, example)}"`);
  return parts.join(' ');
}

function responseType(document: JsonObject, response: JsonObject): TypeToken[] | undefined {
  const resolved = typeof response.$ref === 'string' ? (resolve(document, response.$ref) as JsonObject) : response;
  const schema = ((resolved.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.schema;
  return schema === undefined ? undefined : describeType(schema);
}

function resolve(document: JsonObject, ref: string): unknown {
  return ref.slice(2).split('/').reduce<unknown>((node, part) => (node as JsonObject | undefined)?.[part], document);
}

function toOperation(document: JsonObject, serverUrl: string, method: string, path: string, operation: JsonObject): ReferenceOperation {
  const parameters = ((operation.parameters ?? []) as JsonObject[]).map((p) => ({
    name: String(p.name),
    in: p.in as 'path' | 'query',
    required: p.required === true,
    type: describeType(p.schema),
    ...(typeof p.description === 'string' ? { description: p.description } : {}),
  }));
  const body = ((operation.requestBody as JsonObject | undefined)?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined;
  const responses = Object.entries(operation.responses as Record<string, JsonObject>).map(([status, response]) => {
    const type = responseType(document, response);
    return { status, description: String((response.description as string | undefined) ?? ''), ...(type ? { type } : {}) };
  });
  return {
    id: String(operation.operationId),
    method,
    path,
    summary: String(operation.summary ?? ''),
    ...(typeof operation.description === 'string' ? { description: operation.description } : {}),
    keyScope: typeof operation['x-duet-key-scope'] === 'string' ? operation['x-duet-key-scope'] : null,
    parameters,
    ...(body ? { body: toSchema('body', (body.schema ?? {}) as JsonObject) } : {}),
    responses,
    curl: curlOf(serverUrl, method, path, operation),
  };
}

function toSchema(name: string, schema: JsonObject): ReferenceSchema {
  const required = new Set((schema.required ?? []) as string[]);
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonObject>).map(([property, sub]) => ({
    name: property,
    required: required.has(property),
    type: describeType(sub),
    ...(typeof sub.description === 'string' ? { description: sub.description } : {}),
  }));
  return { name, ...(typeof schema.description === 'string' ? { description: schema.description } : {}), properties, type: describeType(schema) };
}

export function buildReference(document: JsonObject): ApiReference {
  const info = document.info as { title: string; version: string };
  const serverUrl = ((document.servers as Array<{ url: string }> | undefined)?.[0]?.url ?? '').replace(/\/$/, '');
  const groups = new Map<string, ReferenceGroup>();
  for (const tag of (document.tags ?? []) as Array<{ name: string; description?: string }>) groups.set(tag.name, { ...tag, operations: [] });
  for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, JsonObject>>)) {
    for (const [method, operation] of Object.entries(operations)) {
      const name = ((operation.tags as string[] | undefined) ?? ['API'])[0]!;
      if (!groups.has(name)) groups.set(name, { name, operations: [] });
      groups.get(name)!.operations.push(toOperation(document, serverUrl, method, path, operation));
    }
  }
  const schemas = Object.entries(((document.components as JsonObject | undefined)?.schemas ?? {}) as Record<string, JsonObject>).map(([name, schema]) => toSchema(name, schema));
  return { title: info.title, version: info.version, serverUrl, groups: [...groups.values()].filter((g) => g.operations.length > 0), schemas };
}
