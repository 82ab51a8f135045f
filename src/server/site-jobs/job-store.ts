// Where site jobs live: DATA_DIR/jobs/<id>/ holds job.json, the uploaded file an import
// reads, its report and an export's or backup's archive. job.json is replaced whole by
// rename, so a reader never sees half of it. Only the newest jobs are kept.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jobIdPattern, siteJobSchema, type SiteJob } from './site-job';

/** A running job whose record is older than this was cut off (the server stopped). */
const staleAfterMs = 60_000;
/** Finished jobs kept, with their files; older ones are deleted when a new one starts. */
const keptJobs = 12;

export function jobsDir(dataDir: string): string {
  return join(dataDir, 'jobs');
}

export function jobDir(dataDir: string, id: string): string {
  if (!jobIdPattern.test(id)) throw new Error(`Not a job id: ${id}`);
  return join(jobsDir(dataDir), id);
}

export function newJobId(now = Date.now()): string {
  return `${now.toString(36)}-${randomBytes(6).toString('hex')}`;
}

export async function writeJob(dataDir: string, job: SiteJob): Promise<void> {
  const dir = jobDir(dataDir, job.id);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `job.json.${randomBytes(4).toString('hex')}`);
  await writeFile(temp, JSON.stringify(job, null, 1));
  await rename(temp, join(dir, 'job.json'));
}

/** The job, or null when there is none by that id. A running job nobody updates any more reads as failed. */
export async function readJob(dataDir: string, id: string): Promise<SiteJob | null> {
  if (!jobIdPattern.test(id)) return null;
  const file = join(jobDir(dataDir, id), 'job.json');
  if (!existsSync(file)) return null;
  const parsed = siteJobSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) return null;
  const job = parsed.data;
  if (job.state === 'running' && Date.now() - Date.parse(job.updatedAt) > staleAfterMs) {
    return { ...job, state: 'failed', failure: 'The server stopped while this ran.', finishedAt: job.updatedAt };
  }
  return job;
}

/** Every job, newest first. */
export async function listJobs(dataDir: string): Promise<SiteJob[]> {
  const dir = jobsDir(dataDir);
  if (!existsSync(dir)) return [];
  const ids = (await readdir(dir)).filter((name) => jobIdPattern.test(name));
  const jobs = await Promise.all(ids.map((id) => readJob(dataDir, id)));
  return jobs.filter((job): job is SiteJob => job !== null).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Deletes finished jobs beyond the newest few, and never a preview whose import still runs. */
export async function pruneJobs(dataDir: string): Promise<void> {
  const jobs = await listJobs(dataDir);
  const running = new Set(jobs.filter((j) => j.state === 'running').flatMap((j) => [j.id, j.previewOf]));
  for (const job of jobs.slice(keptJobs)) {
    if (running.has(job.id)) continue;
    await rm(jobDir(dataDir, job.id), { recursive: true, force: true });
  }
}
