// What the Studio is sent about a job: the record, and for an import its report in a
// size a page can show (the first posts, warnings counted by kind with a few examples);
// the whole report stays downloadable as JSON.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { ImportWarningCode } from '@/core/import/import-document';
import type { ImportReport, ReportedPost } from '@/server/import/import-report';
import { listJobs } from './job-store';
import { reportFile } from './start-site-job';
import { hasFinished, isImportKind, type SiteJob } from './site-job';

const shownPosts = 300;
const messagesPerWarning = 3;
const itemsPerWarning = 8;

export interface WarningGroup {
  code: ImportWarningCode;
  count: number;
  /** The parsers' own sentences (English), each once: many warnings of a kind say the same. */
  messages: string[];
  /** Titles (or source ids) of the first posts concerned. */
  items: string[];
}

export interface ReportView {
  source: ImportReport['source'];
  counts: ImportReport['counts'];
  posts: ReportedPost[];
  /** Every post that failed (up to the shown number), wherever it is in the report. */
  failures: ReportedPost[];
  warnings: WarningGroup[];
}

export interface JobView {
  job: SiteJob;
  report: ReportView | null;
}

function titlesBySourceId(report: ImportReport): Map<string, string> {
  const titles = new Map<string, string>();
  for (const post of report.posts) {
    // A warning names a text (its own source id) or the post; both lead to a title.
    titles.set(post.sourceId, post.languages[0]?.title ?? post.sourceId);
    for (const text of post.languages) titles.set(`${post.sourceId}:${text.locale}`, text.title);
  }
  return titles;
}

function groupWarnings(report: ImportReport): WarningGroup[] {
  const titles = titlesBySourceId(report);
  const groups = new Map<ImportWarningCode, WarningGroup>();
  for (const warning of report.warnings) {
    const group = groups.get(warning.code) ?? { code: warning.code, count: 0, messages: [], items: [] };
    group.count += 1;
    if (group.messages.length < messagesPerWarning && !group.messages.includes(warning.message)) group.messages.push(warning.message);
    const item = titles.get(warning.sourceId) ?? warning.sourceId;
    if (group.items.length < itemsPerWarning && !group.items.includes(item)) group.items.push(item);
    groups.set(warning.code, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

export async function viewJob(dataDir: string, job: SiteJob): Promise<JobView> {
  const file = reportFile(dataDir, job.id);
  if (!isImportKind(job.kind) || !hasFinished(job) || !existsSync(file)) return { job, report: null };
  const report = JSON.parse(await readFile(file, 'utf8')) as ImportReport;
  const failures = report.posts.filter((post) => post.action === 'failed').slice(0, shownPosts);
  return { job, report: { source: report.source, counts: report.counts, posts: report.posts.slice(0, shownPosts), failures, warnings: groupWarnings(report) } };
}

export interface RecentJob {
  job: SiteJob;
  /** An import that finished with failures: each post that failed, from its report. */
  failures: ReportedPost[];
}

/** The newest jobs for the Studio's list, an import's failed posts with it. */
export async function listRecentJobs(dataDir: string, count: number): Promise<RecentJob[]> {
  const jobs = (await listJobs(dataDir)).slice(0, count);
  return Promise.all(
    jobs.map(async (job) => {
      if (job.state !== 'partial') return { job, failures: [] };
      const view = await viewJob(dataDir, job).catch(() => null);
      return { job, failures: view?.report?.failures ?? [] };
    }),
  );
}
