// A long piece of site-wide work an owner starts in the Studio: an import's preview (a dry
// run), the import itself, an export or a backup. Each runs the `duet` command in a child
// process (run-site-job.ts), so parsing, converting and compressing never hold the
// server's request thread, and is recorded in DATA_DIR/jobs/<id>/job.json, which the
// Studio polls for its progress and result.
import { z } from 'zod';
import { locales } from '@/core/locales';

export const jobKinds = ['import-preview', 'import', 'export', 'backup'] as const;
export type JobKind = (typeof jobKinds)[number];

export const jobIdPattern = /^[a-z0-9]{6,12}-[0-9a-f]{12}$/;

const progressSchema = z.object({
  phase: z.string().max(40),
  done: z.number().int().nonnegative().optional(),
  total: z.number().int().nonnegative().optional(),
  bytes: z.number().nonnegative().optional(),
});

export const siteJobSchema = z.object({
  id: z.string().regex(jobIdPattern),
  kind: z.enum(jobKinds),
  state: z.enum(['running', 'done', 'failed']),
  createdAt: z.string(),
  /** Written at least every few seconds while the child runs: an old one means the server stopped meanwhile. */
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  createdBy: z.string(),
  /** The uploaded file an import reads, and the language of texts that carry no marker. */
  source: z.object({ name: z.string(), bytes: z.number(), language: z.enum(locales).nullable() }).nullable(),
  /** An import: the preview it was confirmed from. A preview: the import made from it. */
  previewOf: z.string().nullable(),
  importedAs: z.string().nullable(),
  progress: progressSchema.nullable(),
  /** Why it stopped, in the command's words (the Studio puts them under a sentence in the owner's language). */
  failure: z.string().nullable(),
  /** An export or backup: the archive to download. */
  output: z.object({ name: z.string(), bytes: z.number() }).nullable(),
});

export type SiteJob = z.infer<typeof siteJobSchema>;
export type JobProgress = z.infer<typeof progressSchema>;

export function isImportKind(kind: JobKind): boolean {
  return kind === 'import-preview' || kind === 'import';
}
