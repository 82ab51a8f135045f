// Runs one site job: the `duet` command in a child process of its own (its own memory,
// its own thread), its progress arriving over IPC and written to job.json at most twice a
// second, a heartbeat keeping the record fresh, and the outcome recorded when it exits.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { JobEvent } from '@/core/site-jobs/job-event';
import { codeProtectionFlag } from '@/server/deployment/code-protection';
import { logger } from '@/server/logger';
import { writeJob } from './job-store';
import type { SiteJob } from './site-job';

const writeEveryMs = 500;
const heartbeatMs = 5_000;

/** The project's folder: the command line's bundle (in the build) or its sources and tsx are there. */
function projectRoot(): string {
  return process.env.DUET_ROOT ?? process.cwd();
}

/**
 * How the job starts the command line: the bundle beside the production build
 * (`<distDir>/duet-cli.mjs`, scripts/build-server-entry.mjs) or the one Vitest's global
 * setup made (DUET_CLI_FILE); otherwise (`next dev`, a checkout without a build) its
 * TypeScript through tsx. Node starts with the server's own V8 option (code-protection.ts):
 * an import renders in workers too.
 */
function commandLine(root: string): { file: string; nodeArgs: string[] } {
  const bundle =
    process.env.DUET_CLI_FILE ??
    (process.env.NODE_ENV === 'production' ? join(/* turbopackIgnore: true */ root, process.env.NEXT_DIST_DIR || '.next', 'duet-cli.mjs') : null);
  if (bundle && existsSync(bundle)) return { file: bundle, nodeArgs: [codeProtectionFlag] };
  return { file: join(/* turbopackIgnore: true */ root, 'src', 'cli', 'duet.ts'), nodeArgs: [codeProtectionFlag, '--import', 'tsx'] };
}

export function canRunJobs(): boolean {
  return existsSync(commandLine(projectRoot()).file);
}

export interface JobOutcome {
  exitCode: number | null;
  /** The command's last words on stderr, for a failure it did not explain over IPC. */
  stderrTail: string;
}

/**
 * Starts `duet <args>` for `job` (already written as running) and resolves when it has
 * exited and `finish` has decided the job's final state.
 */
export function runSiteJob(dataDir: string, job: SiteJob, args: string[], finish: (job: SiteJob, outcome: JobOutcome) => Promise<SiteJob>): Promise<SiteJob> {
  const root = projectRoot();
  const { file, nodeArgs } = commandLine(root);
  const child = spawn(process.execPath, [...nodeArgs, file, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let current = job;
  let stderrTail = '';
  let lastWrite = 0;
  let writing = Promise.resolve();
  const save = (force = false) => {
    if (!force && Date.now() - lastWrite < writeEveryMs) return;
    lastWrite = Date.now();
    const snapshot = { ...current, updatedAt: new Date().toISOString() };
    writing = writing.then(() => writeJob(dataDir, snapshot)).catch((error: unknown) => logger.error({ err: error, job: job.id }, 'site job: could not record progress'));
  };
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-4000);
  });
  child.on('message', (event: JobEvent) => {
    if (event.type === 'failure') current = { ...current, failure: event.message.slice(0, 2000) };
    else if (event.phase !== 'finished') current = { ...current, progress: { phase: event.phase, done: event.done, total: event.total, bytes: event.bytes } };
    save(event.type === 'failure');
  });
  const heartbeat = setInterval(() => save(true), heartbeatMs);
  heartbeat.unref();
  return new Promise((resolve) => {
    child.on('close', (exitCode) => {
      clearInterval(heartbeat);
      void (async () => {
        await writing;
        const finished = await finish(current, { exitCode, stderrTail }).catch((error: unknown): SiteJob => {
          logger.error({ err: error, job: job.id }, 'site job: could not read its result');
          return { ...current, state: 'failed', failure: current.failure ?? String(error) };
        });
        const record = { ...finished, finishedAt: new Date().toISOString(), updatedAt: new Date().toISOString() };
        await writeJob(dataDir, record);
        logger.info({ job: job.id, kind: job.kind, state: record.state, exitCode }, 'site job finished');
        resolve(record);
      })();
    });
    child.on('error', (error) => logger.error({ err: error, job: job.id }, 'site job: could not start the command'));
  });
}

/** The last meaningful line a command wrote to stderr (its error), without progress bars. */
export function lastErrorLine(stderrTail: string): string | null {
  // Not a progress bar, a stack frame, a source excerpt or Node's version line after a crash.
  const lines = stderrTail
    .split(/[\r\n]+/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('[') && !/^(at |Node\.js v|\^|throw |Emitted 'error'|node:)/.test(line));
  return lines.at(-1)?.slice(0, 2000) ?? null;
}
