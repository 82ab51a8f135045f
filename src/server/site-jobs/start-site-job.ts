// What the Studio's import, export and backup buttons start. One site job runs at a time
// (two imports at once could both create the same post; an export during an import would
// catch it half-way). An import always starts as a preview: the owner sees what will be
// created, paired, published and skipped, and only then confirms that very file.
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { AppError } from '@/core/errors/app-error';
import { fileNameStamp } from '@/core/time/zoned-time';
import { getDatabase } from '@/db/client';
import { createSiteSettings } from '@/db/repositories/site-settings';
import type { Locale } from '@/core/locales';
import { readUploadChunks, type UploadStream } from '@/server/media/read-upload-chunks';
import { reloadMediaIndex } from '@/server/media/media-index';
import { revalidateContent } from '@/server/revalidate';
import { jobDir, listJobs, newJobId, pruneJobs, readJob, writeJob } from './job-store';
import { canRunJobs, lastErrorLine, runSiteJob, type JobOutcome } from './run-site-job';
import type { JobCounts, JobKind, SiteJob } from './site-job';

/** What the Studio takes: a Ghost export (JSON or ZIP) or a WordPress WXR file. */
export const importExtensions = ['.json', '.zip', '.xml'] as const;
const defaultMaxImportMb = 2048;

export function maxImportBytes(): number {
  const mb = Number(process.env.DUET_IMPORT_MAX_MB);
  return (Number.isFinite(mb) && mb > 0 ? mb : defaultMaxImportMb) * 1024 * 1024;
}

function newJob(kind: JobKind, createdBy: string, fields: Partial<SiteJob> = {}): SiteJob {
  const now = new Date().toISOString();
  return { id: newJobId(), kind, state: 'running', createdAt: now, updatedAt: now, finishedAt: null, createdBy, source: null, previewOf: null, importedAs: null, progress: null, failure: null, output: null, ...fields };
}

/** Checks and starts one job at a time in this process: two clicks cannot both find nothing running. */
let queue: Promise<unknown> = Promise.resolve();
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work);
  queue = result.catch(() => undefined);
  return result;
}

async function assertNothingRunning(dataDir: string): Promise<void> {
  if (!canRunJobs()) throw new AppError('UNAVAILABLE', 'This installation has no command line (src/cli) to run the job with.', { reason: 'jobs-unavailable' });
  const running = (await listJobs(dataDir)).find((job) => job.state === 'running');
  if (running) throw new AppError('CONFLICT', `Another ${running.kind} is running; wait for it to finish.`, { reason: 'job-running' });
}

const sourceFile = (dataDir: string, job: SiteJob) => join(jobDir(dataDir, job.id), `source${extname(job.source!.name).toLowerCase()}`);
export const reportFile = (dataDir: string, id: string) => join(jobDir(dataDir, id), 'report.json');

/** Streams the upload into the job's folder, refusing it as soon as it passes the limit. */
async function saveUpload(stream: UploadStream, path: string): Promise<number> {
  const limit = maxImportBytes();
  let bytes = 0;
  const counted = Readable.from(
    (async function* () {
      for await (const chunk of readUploadChunks(stream)) {
        bytes += chunk.length;
        if (bytes > limit) throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${limit / 1024 / 1024} MB.`, { reason: 'import-too-large', fields: { file: ['The file is too large.'] } });
        yield chunk;
      }
    })(),
  );
  await pipeline(counted, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  return (await stat(path)).size;
}

/** The counts of the report an import wrote, or null when it wrote none (it could not read the file). */
async function readReportCounts(dataDir: string, id: string): Promise<JobCounts | null> {
  const text = await readFile(reportFile(dataDir, id), 'utf8').catch(() => null);
  if (text === null) return null;
  const counts = (JSON.parse(text) as { counts: Partial<Record<'created' | 'updated' | 'skipped' | 'alreadyImported' | 'failed', number>> }).counts;
  return { created: counts.created ?? 0, updated: counts.updated ?? 0, skipped: counts.skipped ?? counts.alreadyImported ?? 0, failed: counts.failed ?? 0 };
}

/**
 * An import's outcome: done when the command wrote its report and no post failed;
 * `partial` when some did (each is listed in the report), never shown as done.
 */
export const finishImport = (dataDir: string) => async (job: SiteJob, outcome: JobOutcome): Promise<SiteJob> => {
  const counts = await readReportCounts(dataDir, job.id);
  if (counts) return { ...job, counts, state: counts.failed > 0 ? 'partial' : 'done' };
  return { ...job, state: 'failed', failure: job.failure ?? lastErrorLine(outcome.stderrTail) ?? `The import stopped (exit ${outcome.exitCode}).` };
};

export function importArgs(dataDir: string, job: SiteJob, source: string, isDryRun: boolean): string[] {
  const language = job.source?.language;
  return ['import', source, '--report', reportFile(dataDir, job.id), ...(isDryRun ? ['--dry-run'] : []), ...(language ? ['--language', language] : [])];
}

export async function startImportPreview(input: { dataDir: string; userId: string; stream: UploadStream; fileName: string; language: Locale | null }): Promise<SiteJob> {
  const extension = extname(input.fileName).toLowerCase();
  if (!(importExtensions as readonly string[]).includes(extension)) {
    throw new AppError('VALIDATION', 'Duet imports a Ghost export (.json or .zip) or a WordPress WXR file (.xml).', { reason: 'import-kind', fields: { file: ['Choose a .json, .zip or .xml file.'] } });
  }
  // Refused before the upload is read, and again (exclusively) once it is in.
  await assertNothingRunning(input.dataDir);
  const job = newJob('import-preview', input.userId, { source: { name: input.fileName, bytes: 0, language: input.language } });
  const source = sourceFile(input.dataDir, job);
  await mkdir(jobDir(input.dataDir, job.id), { recursive: true });
  let bytes: number;
  try {
    bytes = await saveUpload(input.stream, source);
  } catch (error) {
    await rm(jobDir(input.dataDir, job.id), { recursive: true, force: true });
    throw error;
  }
  const started = { ...job, source: { ...job.source!, bytes } };
  return exclusively(async () => {
    await assertNothingRunning(input.dataDir);
    await pruneJobs(input.dataDir);
    await writeJob(input.dataDir, started);
    void runSiteJob(input.dataDir, started, importArgs(input.dataDir, started, source, true), finishImport(input.dataDir));
    return started;
  });
}

/** Imports the file a finished preview read, once. */
export async function confirmImport(input: { dataDir: string; userId: string; previewId: string }): Promise<SiteJob> {
  return exclusively(async () => {
    const preview = await readJob(input.dataDir, input.previewId);
    if (!preview || preview.kind !== 'import-preview') throw new AppError('NOT_FOUND', 'There is no such import preview.');
    if (preview.state !== 'done') throw new AppError('CONFLICT', 'The preview has not finished, or it failed.', { reason: 'preview-not-done' });
    if (preview.importedAs) throw new AppError('CONFLICT', 'This file was already imported from this preview.', { reason: 'preview-used' });
    await assertNothingRunning(input.dataDir);
    return runImport(input.dataDir, input.userId, preview);
  });
}

async function runImport(dataDir: string, userId: string, preview: SiteJob): Promise<SiteJob> {
  const job = newJob('import', userId, { source: preview.source, previewOf: preview.id });
  await writeJob(dataDir, job);
  await writeJob(dataDir, { ...preview, importedAs: job.id });
  const finish = async (done: SiteJob, outcome: JobOutcome) => {
    const finished = await finishImport(dataDir)(done, outcome);
    // Published texts show at once, and images imported into the library render with their variants.
    await revalidateContent();
    await reloadMediaIndex();
    return finished;
  };
  void runSiteJob(dataDir, job, importArgs(dataDir, job, sourceFile(dataDir, preview), false), finish);
  return job;
}

/** duet-export-20261222-0850.zip: the time on the site's clock, as the Studio's list shows it. */
export function archiveName(kind: 'export' | 'backup', now: Date, timeZone: string): string {
  return `duet-${kind}-${fileNameStamp(now, timeZone)}.zip`;
}

/** An export or a backup of the whole site, as an archive to download. */
export async function startArchiveJob(input: { dataDir: string; userId: string; kind: 'export' | 'backup' }): Promise<SiteJob> {
  const timeZone = await createSiteSettings(getDatabase()).getTimeZone();
  const job = newJob(input.kind, input.userId);
  await exclusively(async () => {
    await assertNothingRunning(input.dataDir);
    await pruneJobs(input.dataDir);
    await writeJob(input.dataDir, job);
  });
  const file = join(jobDir(input.dataDir, job.id), archiveName(input.kind, new Date(), timeZone));
  const finish = async (done: SiteJob, outcome: JobOutcome): Promise<SiteJob> => {
    const size = outcome.exitCode === 0 ? await stat(file).then((s) => s.size, () => null) : null;
    if (size === null) return { ...done, state: 'failed', failure: done.failure ?? lastErrorLine(outcome.stderrTail) ?? `The ${input.kind} stopped (exit ${outcome.exitCode}).` };
    return { ...done, state: 'done', output: { name: file.slice(file.lastIndexOf('/') + 1), bytes: size } };
  };
  void runSiteJob(input.dataDir, job, [input.kind, file], finish);
  return job;
}
