// Loads a Duet export (the ZIP `duet export` writes, or its duet.json alone) into an empty
// Duet database with nothing lost: ids, timestamps, revisions, drafts and live texts,
// schedules and review requests as they were. duet.json is read as a stream twice, never
// whole (issue 27): a first reading checks it all (zod per post, then its references) and
// writes nothing; the media files are put back and verified; a second reading writes the
// header and then the posts a batch at a time, all in one transaction, each post checked by
// zod again in case the file changed. An import either happens entirely or not at all.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { AppError } from '@/core/errors/app-error';
import { exportPostSchema, type ExportHeader, type ExportPost } from '@/core/export/export-schema';
import type { Db } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import { describeExistingContent, finishDuetImport, insertDuetHeader, insertDuetPosts } from '@/db/repositories/duet-export-writer';
import { openImportArchive, type ArchiveLimits, type ImportArchive } from '@/server/import/read-archive';
import { checkDuetJson, type CheckedDuetJson } from './check-duet-json';
import { findMissingMediaFiles, restoreMediaFiles, type RestoredFiles } from './restore-media-files';
import { streamDuetJson } from './stream-duet-json';

export interface ImportDuetOptions {
  onProgress?: (message: string) => void;
  /** Archive limits (entries, inflated size); the import defaults fit a large site. */
  limits?: Partial<ArchiveLimits>;
}

export interface ImportDuetSummary {
  posts: number;
  translations: number;
  revisions: number;
  accounts: number;
  authors: number;
  tags: number;
  media: number;
  /** Media files copied into DATA_DIR, and those already there. */
  files: RestoredFiles;
  /** Files duet.json lists that neither the archive nor DATA_DIR provided (a duet.json imported alone). */
  missingFiles: string[];
  /** The most posts held in memory at once while reading duet.json (bounded, whatever the site's size). */
  mostPostsHeld: number;
  seconds: number;
}

/** Posts written per batch: what the import holds of them at once while writing. */
const postBatch = 100;

type OpenJson = () => Promise<Readable>;

async function isZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return head.toString('latin1') === 'PK\u0003\u0004';
  } finally {
    await handle.close();
  }
}

async function refuseNonEmpty(db: Db): Promise<void> {
  const existing = await describeExistingContent(db);
  if (existing.length === 0) return;
  throw new AppError(
    'CONFLICT',
    `The database is not empty (it holds ${existing.join(', ')}). A Duet export is imported only into an empty database: ` +
      'point DATA_DIR (or DATABASE_URL) at a new one, run `npm run duet -- migrate`, then import again.',
    { reason: 'not-empty' },
  );
}

/** The archive's duet.json, its entries checked against their headers before anything is written. */
async function findJsonEntry(archive: ImportArchive): Promise<{ openJson: OpenJson; prefix: string }> {
  const json = archive.entries.find((e) => e.path === 'duet.json') ?? archive.entries.find((e) => /^[^/]+\/duet\.json$/.test(e.path));
  if (!json) throw new AppError('VALIDATION', 'The archive holds no duet.json: is it an export made by `duet export`?');
  await archive.verify();
  return { openJson: () => archive.openEntry(json.path), prefix: json.path.slice(0, -'duet.json'.length) };
}

/** The second reading: every row, in one transaction, the posts a batch at a time. */
async function writeDuetJson(db: Db, openJson: OpenJson, checked: CheckedDuetJson, progress: (message: string) => void): Promise<number> {
  const total = checked.counts.posts;
  progress(`writing ${total} posts`);
  let mostHeld = 0;
  await inTransaction(db, async (trx) => {
    // Checked again inside the transaction: someone may have written since the first look.
    await refuseNonEmpty(trx);
    const write = async (header: ExportHeader) => {
      await insertDuetHeader(trx, header);
      let batch: ExportPost[] = [];
      let written = 0;
      const flush = async () => {
        await insertDuetPosts(trx, batch);
        written += batch.length;
        batch = [];
        progress(`posts: ${written}/${total}`);
      };
      const read = await streamDuetJson(await openJson(), {
        member: () => undefined,
        post: async (value) => {
          // Checked in the first reading; a file changed since then fails here, rolled back.
          batch.push(exportPostSchema.parse(value));
          if (batch.length === postBatch) await flush();
        },
      });
      if (batch.length > 0) await flush();
      if (written !== total) throw new Error(`duet.json changed while it was imported (${written} posts, not ${total}).`);
      mostHeld = read.mostPostsHeld;
      await finishDuetImport(trx, header, progress);
    };
    await write(checked.header).catch((error: unknown) => {
      throw new AppError('CONFLICT', `The database refused the import, so nothing was imported: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    });
  });
  return Math.max(mostHeld, checked.read.mostPostsHeld);
}

export async function importDuetExport(db: Db, dataDir: string, zipOrJson: string, options: ImportDuetOptions = {}): Promise<ImportDuetSummary> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => {});
  await refuseNonEmpty(db);
  let files: RestoredFiles = { written: 0, kept: 0 };
  let missingFiles: string[] = [];
  let checked: CheckedDuetJson;
  let mostPostsHeld: number;
  if (await isZip(zipOrJson)) {
    const archive = await openImportArchive(zipOrJson, options.limits);
    try {
      const { openJson, prefix } = await findJsonEntry(archive);
      progress('reading duet.json');
      checked = await checkDuetJson(openJson);
      const media = checked.header.media;
      progress(`restoring ${media.reduce((n, m) => n + m.files.length, 0)} media files`);
      files = await restoreMediaFiles(archive, prefix, media, dataDir, progress);
      mostPostsHeld = await writeDuetJson(db, openJson, checked, progress);
    } finally {
      archive.close();
    }
  } else {
    const openJson: OpenJson = () => Promise.resolve(createReadStream(zipOrJson));
    checked = await checkDuetJson(openJson);
    missingFiles = await findMissingMediaFiles(checked.header.media, dataDir);
    for (const path of missingFiles) progress(`warning: ${path} is neither in the export nor in ${dataDir}/media`);
    mostPostsHeld = await writeDuetJson(db, openJson, checked, progress);
  }

  const { header, counts } = checked;
  return {
    ...counts,
    accounts: header.accounts.length,
    authors: header.authors.length,
    tags: header.tags.length,
    media: header.media.length,
    files,
    missingFiles,
    mostPostsHeld,
    seconds: (performance.now() - started) / 1000,
  };
}
