// The inputs of XLIFF export and import, one zod schema each, shared by the API route and
// the CLI: the target language, the format, which texts (named posts and/or every
// missing or outdated one), and who an import acts as.
import { z } from 'zod';
import { locales } from '@/core/locales';
import type { BoardState } from './board';

export const exportFormats = ['xliff2', 'xliff12', 'tmx'] as const;
const which = { pending: ['missing', 'outdated'], outdated: ['outdated'], missing: ['missing'] } as const satisfies Record<string, readonly BoardState[]>;

export const exportQuery = z.strictObject({
  to: z.enum(locales),
  format: z.enum(exportFormats).default('xliff2'),
  which: z.enum(Object.keys(which) as ['pending', 'outdated', 'missing']).optional(),
  /** Post ids, comma separated. */
  post: z
    .string()
    .regex(/^\d{1,12}(,\d{1,12}){0,999}$/, 'A comma-separated list of post ids')
    .optional(),
});

export type ExportQuery = z.infer<typeof exportQuery>;

export function statesOf(query: Pick<ExportQuery, 'which'>): BoardState[] {
  return query.which ? [...which[query.which]] : [];
}

export function postIdsOf(query: Pick<ExportQuery, 'post'>): number[] {
  return query.post ? query.post.split(',').map(Number) : [];
}
