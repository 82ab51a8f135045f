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

/** What an import did to posts, on the job so a list can say it without the report. */
const countsSchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});

/**
 * `partial`: an import that finished with posts that failed. Never shown as done: the
 * Studio lists each failure, and importing the file again retries only those.
 */
export const jobStates = ['running', 'done', 'partial', 'failed'] as const;

export const siteJobSchema = z.object({
  id: z.string().regex(jobIdPattern),
  kind: z.enum(jobKinds),
  state: z.enum(jobStates),
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
  /** An import (or its preview): created, updated, skipped and failed posts. */
  counts: countsSchema.nullable().optional(),
  /** An export or backup: the archive to download. */
  output: z.object({ name: z.string(), bytes: z.number() }).nullable(),
});

export type SiteJob = z.infer<typeof siteJobSchema>;
export type JobProgress = z.infer<typeof progressSchema>;

export type JobCounts = z.infer<typeof countsSchema>;

/** The job ran to its end and left its file (an import's report, an archive), failures or not. */
export function hasFinished(job: SiteJob): boolean {
  return job.state === 'done' || job.state === 'partial';
}

export function isImportKind(kind: JobKind): boolean {
  return kind === 'import-preview' || kind === 'import';
}
