// The named schemas of the public API: each is written once under the OpenAPI document's
// components.schemas and referred to by $ref wherever it appears. Kept in a map of our own
// (not zod's global registry) so a module evaluated twice (Next bundles a module per
// route; dev reloads) replaces its entry instead of failing on a duplicate id.
import { z } from 'zod';

const components = new Map<string, z.ZodType>();

/** Names `schema` as the component `id` and gives it back unchanged, for use in other schemas. */
export function component<T extends z.ZodType>(id: string, schema: T): T {
  if (!/^[A-Za-z0-9._-]+$/.test(id)) throw new Error(`Not a valid component name: ${id}`);
  components.set(id, schema);
  return schema;
}

/** A fresh zod registry of every component named so far, for z.toJSONSchema. */
export function componentRegistry(): z.core.$ZodRegistry<{ id: string }> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of components) registry.add(schema, { id });
  return registry;
}

/** The one error shape of the JSON API (server/api/respond.ts builds it). */
export const apiErrorSchema = component(
  'Error',
  z
    .object({
      error: z.object({
        status: z.int().min(400).max(599).meta({ description: 'The HTTP status, repeated.' }),
        title: z.string().meta({ description: 'The status in words, in the language the request asks for (`lang`, else Accept-Language; English otherwise), e.g. "Unauthorized" or "未经授权".' }),
        message: z.string().meta({ description: 'What went wrong, in English.' }),
        fields: z
          .record(z.string(), z.array(z.string()))
          .optional()
          .meta({ description: 'For a 400: each input at fault (a query parameter, a path parameter, a body field) with what is wrong with it.' }),
        reason: z.string().optional().meta({ description: 'A stable name for this particular refusal, for clients that explain it in their own words.' }),
      }),
    })
    .meta({ description: 'Every error answer of the API has this shape.' }),
);
