// The OpenAPI document against the code: every route file of a documented API family is
// in the document and every documented path has its route file; each documented method
// of a keyed operation asks for a key and any other method is a 405; references resolve,
// path templates and parameters agree, and every schema is one the contract check reads.
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiDocument } from '@/server/openapi/api-document';
import { unsupportedKeywords, type JsonSchema } from '../integration/helpers/json-schema';

/** The API families whose routes are all documented. The Admin API joins with one line: '/api/v1/admin'. */
const documentedFamilies = ['/api/v1/content', '/api/v1/admin'];
const appDir = join(process.cwd(), 'src', 'app');
const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return entry.name === 'route.ts' ? [path] : [];
  });
}

/** src/app/api/v1/content/posts/[id]/route.ts → /api/v1/content/posts/{id} */
function templateOf(file: string): string {
  return `/${relative(appDir, file).split(sep).slice(0, -1).join('/')}`.replace(/\[([^\]]+)\]/g, '{$1}');
}

const document = apiDocument();

describe('the OpenAPI document', () => {
  it('has every route file of the documented families, and nothing else', () => {
    for (const family of documentedFamilies) {
      const files = routeFiles(join(appDir, ...family.split('/').filter(Boolean))).map(templateOf).sort();
      const documented = Object.keys(document.paths).filter((path) => path.startsWith(`${family}/`)).sort();
      expect(files.length).toBeGreaterThan(0);
      expect(documented).toEqual(files);
    }
  });

  it('keys every documented method and refuses the others with 405', async () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      const file = join(appDir, ...path.split('/').filter(Boolean).map((part) => part.replace(/^\{(.+)\}$/, '[$1]')), 'route.ts');
      const route = (await import(/* @vite-ignore */ file)) as Record<string, (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>>;
      for (const method of methods) {
        const handler = route[method.toUpperCase()];
        expect(handler, `${method} ${path}`).toBeTypeOf('function');
        const response = await handler!(new Request(`http://localhost${path}`, { method: method.toUpperCase() }), { params: Promise.resolve({}) });
        const operation = operations[method] as { security?: unknown[] } | undefined;
        const expected = operation ? (operation.security?.length ? 401 : 200) : 405;
        expect(response.status, `${method} ${path}`).toBe(expected);
      }
    }
  });

  it('agrees with itself: unique operation ids, path parameters, references and readable schemas', () => {
    expect(document.openapi).toBe('3.1.0');
    const ids = new Set<string>();
    const refs: string[] = [];
    JSON.stringify(document, (key, value: unknown) => {
      if (key === '$ref') refs.push(value as string);
      return value;
    });
    for (const ref of refs) {
      const target = ref.slice(2).split('/').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], document);
      expect(target, ref).toBeDefined();
    }
    for (const [path, operations] of Object.entries(document.paths)) {
      const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const operation of Object.values(operations) as Array<{ operationId: string; parameters: Array<{ name: string; in: string; schema: JsonSchema }>; responses: Record<string, unknown> }>) {
        expect(ids.has(operation.operationId), operation.operationId).toBe(false);
        ids.add(operation.operationId);
        expect(operation.parameters.filter((p) => p.in === 'path').map((p) => p.name).sort()).toEqual(inTemplate);
        expect(Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status))).toBe(true);
        for (const parameter of operation.parameters) expect(unsupportedKeywords(parameter.schema), parameter.name).toEqual([]);
      }
    }
    for (const [name, schema] of Object.entries(document.components.schemas)) expect(unsupportedKeywords(schema as JsonSchema), name).toEqual([]);
  });
});
