// `duet export [file.zip]` writes the whole site as a Duet export (duet.json, a Markdown
// copy of every text, the media files); `duet import-duet <file>` loads one into an empty
// database. Progress goes to stderr, the one-line summary to stdout.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { AppError } from '@/core/errors/app-error';
import { fileNameStamp } from '@/core/time/zoned-time';
import { createDatabase } from '@/db/client';
import { migrateToLatest } from '@/db/migrate';
import { createSiteSettings } from '@/db/repositories/site-settings';
import { importDuetExport } from '@/server/export/import-duet-export';
import { writeDuetExport } from '@/server/export/write-export-zip';
import { describeMediaStore } from '@/server/media/media-store';
import { notifyServer } from '../notify-server';
import { exportProgressOf } from '../job-progress';
import type { CliIo } from '../cli-io';

export const exportUsage = `  export [file.zip]
            write the whole site to a ZIP file: duet.json (every post, draft, live
            text, revision, tag, author, media file and setting; no passwords or
            sessions), a Markdown copy of every text, and the media files
            (default: ./duet-export-<date>-<time>.zip, on the site's clock)
  import-duet <file.zip or duet.json>
            load a Duet export into an empty database, keeping ids, dates,
            revisions and schedules; accounts arrive without passwords`;

/** duet-export-20261222-1530.zip, on the site's clock, as the Studio names its exports. */
function defaultName(now: Date, timeZone: string): string {
  return `duet-export-${fileNameStamp(now, timeZone)}.zip`;
}

/** Where the export goes: the file named, or a file named by the date in the folder named (or here). */
function targetOf(arg: string | undefined): { folder: string; file: string | null } {
  const path = resolve(arg ?? '.');
  if (arg === undefined || (existsSync(path) && statSync(path).isDirectory())) return { folder: path, file: null };
  return { folder: dirname(path), file: path };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

function progressTo(io: CliIo, command: string) {
  return (message: string) => {
    const event = exportProgressOf(message);
    if (event) io.report?.(event);
    io.stderr.write(`duet ${command}: ${message}\n`);
  };
}

export async function exportCommand(io: CliIo, dataDir: string, [fileArg]: string[]): Promise<number> {
  const now = new Date();
  const target = targetOf(fileArg);
  if (!existsSync(target.folder)) {
    io.stderr.write(`There is no folder ${target.folder} to write the export in.\n\nUsage:\n${exportUsage}\n`);
    return 2;
  }
  const db = createDatabase({ url: io.env.DATABASE_URL, dataDir });
  try {
    await migrateToLatest(db);
    const timeZone = await createSiteSettings(db).getTimeZone();
    const file = target.file ?? join(target.folder, defaultName(now, timeZone));
    const summary = await writeDuetExport(db, { dataDir, file, onProgress: progressTo(io, 'export') });
    if (summary.missingFiles.length > 0) {
      io.stderr.write(`Warning: ${summary.missingFiles.length} media file(s) the library lists are missing from ${describeMediaStore(dataDir, io.env)} and were left out.\n`);
    }
    io.stdout.write(
      `Exported ${summary.posts} posts (${summary.translations} texts, ${summary.revisions} revisions) and ${summary.mediaFiles} media files ` +
        `to ${summary.file} (${megabytes(summary.bytes)}) in ${summary.seconds.toFixed(1)} s.\n`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

export async function importDuetCommand(io: CliIo, dataDir: string, [file]: string[]): Promise<number> {
  if (file === undefined || !existsSync(file)) {
    io.stderr.write(`${file === undefined ? 'Give the export to import' : `There is no file ${file}`}.\n\nUsage:\n${exportUsage}\n`);
    return 2;
  }
  const db = createDatabase({ url: io.env.DATABASE_URL, dataDir });
  try {
    await migrateToLatest(db);
    const summary = await importDuetExport(db, dataDir, file, { onProgress: progressTo(io, 'import-duet') });
    const { written, kept } = summary.files;
    io.stdout.write(
      `Imported ${summary.posts} posts (${summary.translations} texts, ${summary.revisions} revisions), ${summary.authors} authors, ` +
        `${summary.tags} tags, ${summary.media} media (${written} files written, ${kept} already there) and ${summary.accounts} accounts ` +
        `in ${summary.seconds.toFixed(1)} s.\n`,
    );
    if (summary.missingFiles.length > 0) io.stderr.write(`Warning: ${summary.missingFiles.length} media file(s) are missing from ${describeMediaStore(dataDir, io.env)}.\n`);
    if (summary.accounts > 0) io.stdout.write('Accounts arrive without passwords: give each a new one with `npm run duet -- reset-password <email>`.\n');
    const refreshed = await notifyServer({ env: io.env, dataDir });
    if (refreshed.status === 'revalidated') io.stdout.write(`The server at ${refreshed.url} refreshed its pages.\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    io.stderr.write(`Nothing was imported: ${error.message}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}
