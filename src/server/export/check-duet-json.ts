// Checks a duet.json as it is read (stream-duet-json.ts), without writing anything: the
// header (everything but the posts) against its zod schema, each post against the post
// schema as it arrives, then what zod cannot see (check-export-references.ts). A document
// at fault is refused with an error that names the fields (`posts[3].translations[0].draft.slug: …`),
// the first few in the message and all of them (up to a bound) in `fields`.
import { AppError } from '@/core/errors/app-error';
import { exportFormat, exportFormatVersion, exportHeaderSchema, exportPostSchema, type ExportHeader } from '@/core/export/export-schema';
import { ExportReferenceChecker, type ExportProblem } from './check-export-references';
import { streamDuetJson, type DuetJsonReadStats } from './stream-duet-json';

const shownIssues = 10;
/** A file wrong in every post still gets a short error: the rest are only counted. */
const keptIssues = 1000;
const headerKeys = Object.keys(exportHeaderSchema.shape);

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

function describeProblems(title: string, problems: ExportProblem[], total: number): AppError {
  const fields: Record<string, string[]> = {};
  for (const p of problems) fields[p.field] = [...(fields[p.field] ?? []), p.message];
  const lines = problems.slice(0, shownIssues).map((p) => `  ${p.field}: ${p.message}`);
  if (total > shownIssues) lines.push(`  … and ${total - shownIssues} more`);
  return refuse(`${title}:\n${lines.join('\n')}`, fields);
}

export interface DuetJsonCounts {
  posts: number;
  translations: number;
  revisions: number;
}

export interface CheckedDuetJson {
  header: ExportHeader;
  counts: DuetJsonCounts;
  read: DuetJsonReadStats;
}

/** One reading of the document; the references of the posts are checked when the header came first. */
class DuetJsonCheck {
  private readonly raw: Record<string, unknown> = {};
  private readonly schemaIssues: ExportProblem[] = [];
  private schemaIssueCount = 0;
  header: ExportHeader | null = null;
  private isHeaderChecked = false;
  references: ExportReferenceChecker | null;
  /** A post came before the header was whole: its references were not checked. */
  private hasUncheckedReferences = false;
  private hasPosts = false;
  readonly counts: DuetJsonCounts = { posts: 0, translations: 0, revisions: 0 };

  /** The second reading, for the references only: the header is known and checked. */
  private readonly isRereading: boolean;

  constructor(knownHeader: ExportHeader | null) {
    this.isRereading = knownHeader !== null;
    if (knownHeader) {
      this.header = knownHeader;
      this.isHeaderChecked = true;
    }
    this.references = knownHeader ? new ExportReferenceChecker(knownHeader) : null;
  }

  member(key: string | number, value: unknown): void {
    if (this.isRereading) return;
    if (typeof key !== 'string') throw refuse(`format: expected "${exportFormat}"; this file is not a Duet export.`, { format: [`Expected "${exportFormat}".`] });
    if (key === 'posts') {
      this.hasPosts = true;
      if (!Array.isArray(value)) this.addIssue(['posts'], 'Invalid input: expected array');
      return;
    }
    // After the posts, with the header checked whole: a member the schema does not know.
    if (this.isHeaderChecked) return this.addIssue([], `Unrecognized key: "${key}"`);
    this.raw[key] = value;
    // Said at once: reading on through a file that is not an export helps nobody.
    if (key === 'format' || (key === 'formatVersion' && 'format' in this.raw)) checkFormat(this.raw);
  }

  post(value: unknown, index: number): void {
    // An export writes its posts last: the header is whole by the first of them.
    if (!this.isHeaderChecked && headerKeys.every((key) => key in this.raw)) this.checkHeader();
    const parsed = exportPostSchema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) this.addIssue(['posts', index, ...issue.path], issue.message);
      return;
    }
    this.counts.posts += 1;
    this.counts.translations += parsed.data.translations.length;
    this.counts.revisions += parsed.data.translations.reduce((n, t) => n + t.revisions.length, 0);
    if (this.references) this.references.checkPost(parsed.data, index);
    else this.hasUncheckedReferences = true;
  }

  /** Refuses the document when anything was wrong with it; true when the posts' references are still to check. */
  finish(): boolean {
    if (!this.isHeaderChecked) {
      checkFormat(this.raw);
      this.checkHeader();
    }
    if (!this.isRereading && !this.hasPosts) this.addIssue(['posts'], 'Invalid input: expected array, received undefined');
    if (this.schemaIssueCount > 0) throw describeProblems('duet.json is not a valid Duet export', this.schemaIssues, this.schemaIssueCount);
    const problems = this.references?.list ?? [];
    if (problems.length > 0) throw describeProblems('duet.json refers to things it does not hold, or holds them twice', problems, problems.length);
    return this.hasUncheckedReferences;
  }

  private checkHeader(): void {
    this.isHeaderChecked = true;
    const parsed = exportHeaderSchema.safeParse(this.raw);
    if (!parsed.success) {
      // The header's faults come before the posts', as they would in one document.
      const before = this.schemaIssues.splice(0);
      for (const issue of parsed.error.issues) this.addIssue(issue.path, issue.message);
      for (const issue of before) this.schemaIssues.push(issue);
      return;
    }
    this.header = parsed.data;
    this.references = new ExportReferenceChecker(parsed.data);
  }

  private addIssue(path: ReadonlyArray<PropertyKey>, message: string): void {
    this.schemaIssueCount += 1;
    if (this.schemaIssues.length < keptIssues) this.schemaIssues.push({ field: formatIssuePath(path), message });
  }
}

function checkFormat(raw: Record<string, unknown>): void {
  if (raw.format !== exportFormat) throw refuse(`format: expected "${exportFormat}"; this file is not a Duet export.`, { format: [`Expected "${exportFormat}".`] });
  if (typeof raw.formatVersion === 'number' && raw.formatVersion > exportFormatVersion) {
    throw refuse(`formatVersion: this export has format version ${raw.formatVersion}, newer than this Duet reads (${exportFormatVersion}); update Duet first.`, {
      formatVersion: [`Expected ${exportFormatVersion} or older.`],
    });
  }
}

/**
 * Reads the document through once, checking it whole; `open` gives its bytes afresh each
 * time. A document whose posts come before some of its header (never one `duet export`
 * wrote) is read a second time to check the posts' references against that header.
 */
export async function checkDuetJson(open: () => Promise<AsyncIterable<Buffer | Uint8Array | string>>): Promise<CheckedDuetJson> {
  const check = new DuetJsonCheck(null);
  const read = await streamDuetJson(await open(), check);
  const needsReferences = check.finish();
  const header = check.header!;
  if (needsReferences) {
    const again = new DuetJsonCheck(header);
    await streamDuetJson(await open(), again);
    again.finish();
  }
  return { header, counts: check.counts, read };
}
