// `duet backup <file>` and `duet restore <file>`: argument checks, progress on stderr,
// one summary line on stdout. A refusal (a tampered archive, a target that is not empty…)
// is printed as its sentence with exit code 1; the work is in src/server/backup/.
import { resolve } from 'node:path';
import type { CliIo } from '../cli-io';
import { createBackup } from '@/server/backup/create-backup';
import { createProgressPrinter, formatBytes, type ProgressListener } from '@/server/backup/backup-progress';
import { isBackupRefusal } from '@/server/backup/backup-refused-error';
import { restoreBackup } from '@/server/backup/restore-backup';

type Command = (io: CliIo, dataDir: string, args: string[]) => Promise<number>;

/** The commands' lines for the usage text of run-cli.ts. */
export const backupUsage = `  backup <file>
            write the database, media and auth secret to one ZIP archive
            (safe while the server runs; the file must not exist yet)
  restore <file>
            check a backup archive, then load it into an empty DATA_DIR
            (and, for a PostgreSQL backup, the empty database of DATABASE_URL)`;

const exit = { ok: 0, failed: 1, usage: 2 } as const;

function seconds(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

/** Runs `work`, turning a refusal into its message and exit code 1; other errors go to run-cli. */
async function reportRefusal(io: CliIo, name: string, work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return exit.ok;
  } catch (error) {
    if (!isBackupRefusal(error)) throw error;
    io.report?.({ type: 'failure', message: error.message });
    io.stderr.write(`duet ${name}: ${error.message}\n`);
    return exit.failed;
  }
}

function checkFileArgument(io: CliIo, name: string, args: string[]): string | null {
  if (args.length === 1 && args[0]) return resolve(args[0]);
  io.stderr.write(`"${name}" takes one argument: the archive file.\n\n${backupUsage}\n`);
  return null;
}

export const backupCommand: Command = async (io, dataDir, args) => {
  const file = checkFileArgument(io, 'backup', args);
  if (file === null) return exit.usage;
  const started = performance.now();
  return reportRefusal(io, 'backup', async () => {
    const print = createProgressPrinter((line) => io.stderr.write(line));
    const onProgress: ProgressListener = (progress) => {
      io.report?.({ type: 'progress', phase: 'backup', done: progress.entries, bytes: progress.bytes });
      print(progress);
    };
    const summary = await createBackup({ file, dataDir, databaseUrl: io.env.DATABASE_URL, onProgress });
    if (io.env.S3_BUCKET?.trim()) {
      io.stderr.write(
        `Media live in the S3 bucket ${io.env.S3_BUCKET.trim()} and are not in this backup (it holds the database and the auth secret): ` +
          'back the bucket up with its own tools (versioning, replication, or `aws s3 sync`). `duet export` does include them.\n',
      );
    }
    for (const path of summary.skipped) io.stderr.write(`Skipped ${path}: its name cannot be restored safely, or it vanished while the backup ran.\n`);
    const rows = summary.rows === undefined ? '' : `, ${summary.rows} rows`;
    io.stdout.write(
      `Backed up the ${summary.kind} database${rows} and ${summary.files} files (${formatBytes(summary.bytes)}) ` +
        `to ${summary.file} (${formatBytes(summary.archiveBytes)}) in ${seconds(started)}.\n`,
    );
  });
};

export const restoreCommand: Command = async (io, dataDir, args) => {
  const file = checkFileArgument(io, 'restore', args);
  if (file === null) return exit.usage;
  const started = performance.now();
  return reportRefusal(io, 'restore', async () => {
    const onProgress = createProgressPrinter((line) => io.stderr.write(line));
    const summary = await restoreBackup({ file, dataDir, databaseUrl: io.env.DATABASE_URL, onProgress });
    const rows = summary.rows === undefined ? '' : `, ${summary.rows} rows`;
    io.stdout.write(
      `Restored the ${summary.kind} backup of ${summary.createdAt} (Duet ${summary.duetVersion}${rows}, ${summary.files} files, ` +
        `${formatBytes(summary.bytes)}) into ${dataDir} in ${seconds(started)}. Start the server to use it.\n`,
    );
  });
};
