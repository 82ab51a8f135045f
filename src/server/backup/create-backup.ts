// `duet backup <file>`: the whole site in one ZIP archive, taken while the server runs.
// The database goes first as one consistent snapshot, then the media files and the auth
// secret, then manifest.json with every entry's size and SHA-256 (last, because the hashes
// are known only once the bytes went through). Everything is streamed: memory stays flat
// whatever the size of the site.
import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { createDatabase, isPostgresUrl, type UntypedDb } from '@/db/client';
import { appVersion } from '@/server/version';
import { manifestPath } from './archive-rules';
import { createArchiveWriter, type ArchiveWriter, type WrittenEntry } from './archive-writer';
import { addPostgresDatabase, addSqliteDatabase, type DatabasePart } from './backup-database';
import { backupFormat, backupFormatVersion, type BackupManifest } from './backup-manifest';
import { createProgressCounter, type ProgressListener } from './backup-progress';
import { BackupRefusedError } from './backup-refused-error';
import { listBackupFiles, type BackupFile } from './list-backup-files';

export interface BackupOptions {
  /** The archive to write; it must not exist yet. */
  file: string;
  dataDir: string;
  /** DATABASE_URL: postgres://… backs up PostgreSQL, anything else the SQLite file in DATA_DIR. */
  databaseUrl?: string;
  onProgress?: ProgressListener;
}

export interface BackupSummary {
  file: string;
  kind: BackupManifest['database']['kind'];
  /** Entries besides the manifest, and their bytes before compression. */
  entries: number;
  bytes: number;
  archiveBytes: number;
  files: number;
  /** PostgreSQL only. */
  rows?: number;
  /** Files left out: their names could not be restored safely, or they vanished while listed. */
  skipped: string[];
}

/** Already-compressed formats are stored as they are: deflating them again costs time for nothing. */
const storedAsIs = /\.(webp|avif|png|jpe?g|gif|mp3|m4a|ogg|opus|flac|webm|mp4|mov|mkv)$/i;

export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const file = resolve(options.file);
  checkOutput(file, options.dataDir);
  const counter = createProgressCounter('backing up', options.onProgress ?? (() => {}));
  const writer = createArchiveWriter(file, counter);
  try {
    const part = await addDatabase(writer, options, dirname(file));
    const listed = await listBackupFiles(options.dataDir);
    const { written, vanished } = await addFiles(writer, listed.files);
    const entries = [...part.entries, ...written];
    await writer.addBuffer(manifestPath, Buffer.from(JSON.stringify(buildManifest(part, entries), null, 1)));
    const archiveBytes = await writer.finish();
    const bytes = entries.reduce((sum, entry) => sum + entry.bytes, 0);
    const skipped = [...listed.skipped, ...vanished];
    return { file, kind: part.database.kind, entries: entries.length, bytes, archiveBytes, files: written.length, rows: part.rows, skipped };
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

function checkOutput(file: string, dataDir: string): void {
  if (existsSync(file)) throw new BackupRefusedError('output-exists', `${file} already exists; a backup never overwrites a file. Choose a new name.`);
  if (existsSync(`${file}.partial`)) {
    throw new BackupRefusedError('output-exists', `${file}.partial exists: another backup to this file is running, or one was interrupted (then delete it).`);
  }
  if (!existsSync(dirname(file))) throw new BackupRefusedError('output-exists', `The folder ${dirname(file)} does not exist.`);
  // Inside the media folder the backup would end up backing up (part of) itself.
  const media = resolve(dataDir, 'media');
  if (file.startsWith(media + sep)) throw new BackupRefusedError('output-exists', `Write the backup outside ${media}, or it would contain itself.`);
}

async function addDatabase(writer: ArchiveWriter, options: BackupOptions, workDir: string): Promise<DatabasePart> {
  if (!isPostgresUrl(options.databaseUrl)) return addSqliteDatabase(writer, options.dataDir, workDir);
  const db = createDatabase({ url: options.databaseUrl, dataDir: options.dataDir });
  try {
    return await addPostgresDatabase(writer, db as UntypedDb);
  } finally {
    await db.destroy();
  }
}

async function addFiles(writer: ArchiveWriter, files: BackupFile[]): Promise<{ written: WrittenEntry[]; vanished: string[] }> {
  const written: WrittenEntry[] = [];
  const vanished: string[] = [];
  for (const file of files) {
    // Opened before it is added, so a file gone since the listing is skipped, not fatal.
    const handle = await open(file.source, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!handle) {
      vanished.push(file.path);
      continue;
    }
    written.push(await writer.add(file.path, handle.createReadStream(), { compress: !storedAsIs.test(file.path) }));
  }
  return { written, vanished };
}

function buildManifest(part: DatabasePart, entries: WrittenEntry[]): BackupManifest {
  return {
    format: backupFormat,
    formatVersion: backupFormatVersion,
    duetVersion: appVersion,
    createdAt: new Date().toISOString(),
    database: part.database,
    entries: entries.map(({ path, bytes, sha256 }) => ({ path, bytes, sha256 })),
  };
}
