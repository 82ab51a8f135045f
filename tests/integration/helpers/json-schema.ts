// A JSON Schema (draft 2020-12) validator for the contract tests, covering the keywords
// the API's schemas use. No 2020-12 validator is a dependency of Duet (the ajv at the top
// of node_modules is v6, draft-07, there for ESLint), so this is the small one the tests
// need. Any keyword it does not know makes it throw rather than pass: a schema it cannot
// check is a failure, never a silent success. Tested in tests/unit/json-schema.test.ts.

export type JsonSchema = boolean | { [keyword: string]: unknown };

export interface SchemaError {
  /** Where in the value: /data/0/translations/en/title. */
  at: string;
  message: string;
}

/** Keywords that say something about a schema but check nothing. */
const annotations = new Set(['$schema', '$id', '$comment', 'title', 'description', 'default', 'examples', 'example', 'deprecated', 'readOnly', 'writeOnly', 'contentMediaType', 'contentEncoding']);
const checked = new Set([
  '$ref', 'type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not',
  'properties', 'required', 'additionalProperties', 'propertyNames', 'minProperties', 'maxProperties',
  'items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'minLength', 'maxLength', 'pattern', 'format',
]);

const dateTime = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
const email = /^[^\s@]+@[^\s@]+$/;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  if (type === 'integer') return typeof value === 'number' && Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeOf(value) === type;
}

function isEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeOf(a) !== typeOf(b) || typeof a !== 'object' || a === null) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => isEqual(x, (b as unknown[])[i]));
  const keysA = Object.keys(a);
  const objectB = b as Record<string, unknown>;
  return keysA.length === Object.keys(objectB).length && keysA.every((k) => k in objectB && isEqual((a as Record<string, unknown>)[k], objectB[k]));
}

function isFormat(format: string, value: string): boolean {
  switch (format) {
    case 'date-time':
      return dateTime.test(value) && !Number.isNaN(Date.parse(value));
    case 'uri':
      try {
        return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) && new URL(value).href.length > 0;
      } catch {
        return false;
      }
    case 'email':
      return email.test(value);
    default:
      // Any other format is an annotation in 2020-12 (no format-assertion vocabulary).
      return true;
  }
}

/** Resolves a local reference (#/components/schemas/Post) in `root`. */
function resolve(ref: string, root: unknown): JsonSchema {
  if (!ref.startsWith('#')) throw new Error(`Only local references are supported: ${ref}`);
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    if (node === undefined) throw new Error(`Unresolvable reference: ${ref}`);
  }
  return node as JsonSchema;
}

export class JsonSchemaValidator {
  constructor(private readonly root: unknown = {}) {}

  /** Every way `value` fails `schema`; empty when it is valid. */
  validate(value: unknown, schema: JsonSchema, at = ''): SchemaError[] {
    if (schema === true) return [];
    if (schema === false) return [{ at, message: 'no value is allowed here' }];
    for (const keyword of Object.keys(schema)) {
      if (!checked.has(keyword) && !annotations.has(keyword)) throw new Error(`Unsupported JSON Schema keyword "${keyword}" at ${at || '/'}`);
    }
    return [...this.applicators(value, schema, at), ...this.assertions(value, schema, at), ...this.objectKeywords(value, schema, at), ...this.arrayKeywords(value, schema, at)];
  }

  private applicators(value: unknown, s: Record<string, unknown>, at: string): SchemaError[] {
    const errors: SchemaError[] = [];
    if (typeof s.$ref === 'string') errors.push(...this.validate(value, resolve(s.$ref, this.root), at));
    const passes = (sub: JsonSchema) => this.validate(value, sub, at).length === 0;
    if (Array.isArray(s.allOf)) for (const sub of s.allOf as JsonSchema[]) errors.push(...this.validate(value, sub, at));
    if (Array.isArray(s.anyOf) && !(s.anyOf as JsonSchema[]).some(passes)) {
      const details = (s.anyOf as JsonSchema[]).map((sub) => this.validate(value, sub, at).map((e) => `${e.at || '/'} ${e.message}`).join('; '));
      errors.push({ at, message: `matches none of anyOf: [${details.join(' | ')}]` });
    }
    if (Array.isArray(s.oneOf)) {
      const count = (s.oneOf as JsonSchema[]).filter(passes).length;
      if (count !== 1) errors.push({ at, message: `matches ${count} of oneOf, not exactly one` });
    }
    if (s.not !== undefined && passes(s.not as JsonSchema)) errors.push({ at, message: 'matches the schema of "not"' });
    return errors;
  }

  private assertions(value: unknown, s: Record<string, unknown>, at: string): SchemaError[] {
    const errors: SchemaError[] = [];
    const fail = (message: string) => errors.push({ at, message });
    if (s.type !== undefined) {
      const types = (Array.isArray(s.type) ? s.type : [s.type]) as string[];
      if (!types.some((type) => hasType(value, type))) fail(`is ${typeOf(value)}, not ${types.join(' or ')}`);
    }
    if (Array.isArray(s.enum) && !s.enum.some((option) => isEqual(option, value))) fail(`is ${JSON.stringify(value)}, not one of ${JSON.stringify(s.enum)}`);
    if ('const' in s && !isEqual(s.const, value)) fail(`is ${JSON.stringify(value)}, not ${JSON.stringify(s.const)}`);
    if (typeof value === 'number') {
      if (typeof s.minimum === 'number' && value < s.minimum) fail(`is below the minimum ${s.minimum}`);
      if (typeof s.maximum === 'number' && value > s.maximum) fail(`is above the maximum ${s.maximum}`);
      if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) fail(`is not above ${s.exclusiveMinimum}`);
      if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) fail(`is not below ${s.exclusiveMaximum}`);
      if (typeof s.multipleOf === 'number' && !Number.isInteger(value / s.multipleOf)) fail(`is not a multiple of ${s.multipleOf}`);
    }
    if (typeof value === 'string') {
      const length = [...value].length;
      if (typeof s.minLength === 'number' && length < s.minLength) fail(`is shorter than ${s.minLength}`);
      if (typeof s.maxLength === 'number' && length > s.maxLength) fail(`is longer than ${s.maxLength}`);
      if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(value)) fail(`does not match ${s.pattern}`);
      if (typeof s.format === 'string' && !isFormat(s.format, value)) fail(`is not a ${s.format}: ${JSON.stringify(value.slice(0, 80))}`);
    }
    return errors;
  }

  private objectKeywords(value: unknown, s: Record<string, unknown>, at: string): SchemaError[] {
    if (typeOf(value) !== 'object') return [];
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object);
    const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
    const errors: SchemaError[] = [];
    for (const name of (s.required ?? []) as string[]) if (!(name in object)) errors.push({ at, message: `lacks the required property "${name}"` });
    for (const key of keys) {
      const here = `${at}/${key}`;
      if (key in properties) errors.push(...this.validate(object[key], properties[key]!, here));
      else if (s.additionalProperties === false) errors.push({ at: here, message: 'is a property the schema does not allow' });
      else if (s.additionalProperties !== undefined) errors.push(...this.validate(object[key], s.additionalProperties as JsonSchema, here));
      if (s.propertyNames !== undefined) errors.push(...this.validate(key, s.propertyNames as JsonSchema, here).map((e) => ({ ...e, message: `name ${e.message}` })));
    }
    if (typeof s.minProperties === 'number' && keys.length < s.minProperties) errors.push({ at, message: `has fewer than ${s.minProperties} properties` });
    if (typeof s.maxProperties === 'number' && keys.length > s.maxProperties) errors.push({ at, message: `has more than ${s.maxProperties} properties` });
    return errors;
  }

  private arrayKeywords(value: unknown, s: Record<string, unknown>, at: string): SchemaError[] {
    if (!Array.isArray(value)) return [];
    const errors: SchemaError[] = [];
    const prefix = (s.prefixItems ?? []) as JsonSchema[];
    value.forEach((item, i) => {
      const schema = i < prefix.length ? prefix[i] : (s.items as JsonSchema | undefined);
      if (schema !== undefined) errors.push(...this.validate(item, schema, `${at}/${i}`));
    });
    if (typeof s.minItems === 'number' && value.length < s.minItems) errors.push({ at, message: `has fewer than ${s.minItems} items` });
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) errors.push({ at, message: `has more than ${s.maxItems} items` });
    if (s.uniqueItems === true && value.some((item, i) => value.findIndex((other) => isEqual(item, other)) !== i)) errors.push({ at, message: 'has repeated items' });
    return errors;
  }
}

/** Every keyword used anywhere in `schema` that this validator cannot check, with where. */
export function unsupportedKeywords(schema: JsonSchema, at = ''): string[] {
  if (typeof schema === 'boolean') return [];
  const found: string[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    if (!checked.has(keyword) && !annotations.has(keyword)) found.push(`${at || '/'}: ${keyword}`);
    if (keyword === 'properties') for (const [name, sub] of Object.entries(value as Record<string, JsonSchema>)) found.push(...unsupportedKeywords(sub, `${at}/properties/${name}`));
    if (['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(keyword)) (value as JsonSchema[]).forEach((sub, i) => found.push(...unsupportedKeywords(sub, `${at}/${keyword}/${i}`)));
    if (['additionalProperties', 'propertyNames', 'items', 'not'].includes(keyword) && typeof value === 'object') found.push(...unsupportedKeywords(value as JsonSchema, `${at}/${keyword}`));
  }
  return found;
}
