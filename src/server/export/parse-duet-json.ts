// Turns the text of a duet.json into a checked DuetExport, or refuses it with an error
// that names the fields at fault (`posts[3].translations[0].draft.slug: …`), the first
// few in the message and all of them in `fields`.
import type { z } from 'zod';
import { AppError } from '@/core/errors/app-error';
import { duetExportSchema, exportFormat, exportFormatVersion, type DuetExport } from '@/core/export/export-schema';

const shownIssues = 10;

/** `posts[3].translations[0].draft.slug` from zod's path. */
export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text ? `.${String(part)}` : String(part);
  }
  return text || '(the document)';
}

function refuse(message: string, fields?: Record<string, string[]>): AppError {
  return new AppError('VALIDATION', message, { fields });
}

function describeIssues(issues: z.core.$ZodIssue[]): AppError {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = formatIssuePath(issue.path);
    fields[field] = [...(fields[field] ?? []), issue.message];
  }
  const lines = issues.slice(0, shownIssues).map((issue) => `  ${formatIssuePath(issue.path)}: ${issue.message}`);
  if (issues.length > shownIssues) lines.push(`  … and ${issues.length - shownIssues} more`);
  return refuse(`duet.json is not a valid Duet export:\n${lines.join('\n')}`, fields);
}

export function parseDuetJson(text: string): DuetExport {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw refuse(`duet.json is not JSON: ${(error as Error).message}.`);
  }
  const head = (typeof raw === 'object' && raw !== null ? raw : {}) as { format?: unknown; formatVersion?: unknown };
  if (head.format !== exportFormat) throw refuse(`format: expected "${exportFormat}"; this file is not a Duet export.`, { format: [`Expected "${exportFormat}".`] });
  if (typeof head.formatVersion === 'number' && head.formatVersion > exportFormatVersion) {
    throw refuse(`formatVersion: this export has format version ${head.formatVersion}, newer than this Duet reads (${exportFormatVersion}); update Duet first.`, {
      formatVersion: [`Expected ${exportFormatVersion} or older.`],
    });
  }
  const parsed = duetExportSchema.safeParse(raw);
  if (!parsed.success) throw describeIssues(parsed.error.issues);
  return parsed.data;
}
