// The contract tests' JSON Schema validator: each keyword it claims to check refuses what
// it must and lets through what it must, and a keyword it does not know is an error.
import { describe, expect, it } from 'vitest';
import { JsonSchemaValidator, type JsonSchema } from '../integration/helpers/json-schema';

const validator = new JsonSchemaValidator({
  components: { schemas: { Name: { type: 'string', minLength: 1 }, 'a/b': { const: 1 } } },
});
const errors = (value: unknown, schema: JsonSchema) => validator.validate(value, schema).map((e) => `${e.at || '/'}: ${e.message}`);
const ok = (value: unknown, schema: JsonSchema) => expect(errors(value, schema)).toEqual([]);
const bad = (value: unknown, schema: JsonSchema) => expect(errors(value, schema)).not.toEqual([]);

describe('JSON Schema validator', () => {
  it('checks types, integers and null', () => {
    ok(1, { type: 'integer' });
    bad(1.5, { type: 'integer' });
    ok(1.5, { type: 'number' });
    bad('1', { type: 'number' });
    ok(null, { type: ['string', 'null'] });
    bad(undefined, { type: 'null' });
    bad([], { type: 'object' });
    bad({}, { type: 'array' });
    ok(true, { type: 'boolean' });
  });

  it('checks enum, const, bounds, lengths, patterns and formats', () => {
    ok('zh', { enum: ['zh', 'en'] });
    bad('fr', { enum: ['zh', 'en'] });
    ok({ a: [1] }, { const: { a: [1] } });
    bad({ a: [2] }, { const: { a: [1] } });
    bad(0, { minimum: 1 });
    bad(11, { maximum: 10 });
    bad(1, { exclusiveMinimum: 1 });
    bad(10, { exclusiveMaximum: 10 });
    ok('汉字', { maxLength: 2 });
    bad('', { minLength: 1 });
    bad('abc', { pattern: '^\\d+$' });
    ok('"abc"', { pattern: '^"[^"]+"$' });
    ok('2026-03-01T08:00:00.000Z', { format: 'date-time' });
    bad('2026-03-01', { format: 'date-time' });
    bad('2026-02-30T25:00:00Z', { format: 'date-time' });
    ok('https://duet.example/en/posts/a', { format: 'uri' });
    bad('/en/posts/a', { format: 'uri' });
    ok('anything', { format: 'some-annotation' });
    ok(5, { minLength: 3, pattern: 'x' }); // string keywords say nothing of a number
  });

  it('checks objects: required, properties, additionalProperties and propertyNames', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };
    ok({ a: 'x' }, schema);
    expect(errors({}, schema)).toEqual(['/: lacks the required property "a"']);
    expect(errors({ a: 'x', b: 1 }, schema)).toEqual(['/b: is a property the schema does not allow']);
    expect(errors({ a: 1 }, schema)).toEqual(['/a: is number, not string']);
    const record = { type: 'object', propertyNames: { enum: ['zh', 'en'] }, additionalProperties: { type: 'array', items: { type: 'string' } } };
    ok({ zh: ['a'] }, record);
    bad({ fr: ['a'] }, record);
    bad({ en: [1] }, record);
  });

  it('checks arrays: items, prefixItems, sizes and uniqueness', () => {
    ok([1, 2], { type: 'array', items: { type: 'integer' } });
    expect(errors([1, 'x'], { items: { type: 'integer' } })).toEqual(['/1: is string, not integer']);
    ok(['a', 1], { prefixItems: [{ type: 'string' }], items: { type: 'integer' } });
    bad([1, 1], { uniqueItems: true });
    bad([], { minItems: 1 });
    bad([1, 2], { maxItems: 1 });
  });

  it('combines: anyOf, oneOf, allOf, not, and follows references', () => {
    const nullable = { anyOf: [{ $ref: '#/components/schemas/Name' }, { type: 'null' }] };
    ok(null, nullable);
    ok('Ada', nullable);
    bad('', nullable);
    bad(3, nullable);
    bad(3, { oneOf: [{ type: 'integer' }, { type: 'number' }] });
    ok(3.5, { oneOf: [{ type: 'integer' }, { type: 'number' }] });
    bad(3, { allOf: [{ type: 'integer' }, { minimum: 4 }] });
    bad('x', { not: { type: 'string' } });
    ok(1, { $ref: '#/components/schemas/a~1b' });
    expect(() => validator.validate(1, { $ref: '#/components/schemas/Missing' })).toThrow(/Unresolvable/);
    expect(() => validator.validate(1, { $ref: 'https://example.com/schema' })).toThrow(/local/);
  });

  it('never passes a schema it cannot read', () => {
    expect(() => validator.validate({}, { patternProperties: { '^a': {} } })).toThrow(/Unsupported JSON Schema keyword "patternProperties"/);
    expect(() => validator.validate({ a: 1 }, { properties: { a: { if: {} } } })).toThrow(/"if" at \/a/);
    ok('x', { description: 'annotations are fine', title: 't', default: 'x', examples: ['x'] });
    bad(1, false);
    ok(1, true);
  });
});
