// Loads a Duet export (the ZIP `duet export` writes, or its duet.json alone) into an empty
// Duet database with nothing lost: ids, timestamps, revisions, drafts and live texts,
// schedules and review requests as they were. The document is checked whole first (zod,
// then its references), the database must hold no content and no accounts, the media
// files are put back and verified, and then every row is written in one transaction:
// an import either happens entirely or not at all.
import { open } from 'node:fs/promises';
import { AppError } from '@/core/errors/app-error';
import type { Db } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import { describeExistingContent, insertDuetExport } from '@/db/repositories/duet-export-writer';
import { openImportArchive, type ArchiveLimits } from '@/server/import/read-archive';
import { checkExportReferences } from './check-export-references';
import { parseDuetJson } from './parse-duet-json';
import { findMissingMediaFiles, restoreMediaFiles, type RestoredFiles } from './restore-media-files';
import type { DuetExport } from '@/core/export/export-schema';

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
  seconds: number;
}

/** The most duet.json may weigh: far beyond a large site, well below what Node can hold as one string. */
const maxJsonBytes = 400 * 1024 ** 2;

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

async function readText(stream: AsyncIterable<Buffer | string>, what: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > maxJsonBytes) throw new AppError('PAYLOAD_TOO_LARGE', `${what} is larger than ${maxJsonBytes / 1024 ** 2} MiB, more than this importer reads.`);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
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

function checkReferences(doc: DuetExport): void {
  const problems = checkExportReferences(doc);
  if (problems.length === 0) return;
  const shown = problems.slice(0, 10).map((p) => `  ${p.field}: ${p.message}`);
  if (problems.length > 10) shown.push(`  … and ${problems.length - 10} more`);
  const fields: Record<string, string[]> = {};
  for (const p of problems) fields[p.field] = [...(fields[p.field] ?? []), p.message];
  throw new AppError('VALIDATION', `duet.json refers to things it does not hold, or holds them twice:\n${shown.join('\n')}`, { fields });
}

export async function importDuetExport(db: Db, dataDir: string, zipOrJson: string, options: ImportDuetOptions = {}): Promise<ImportDuetSummary> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => {});
  await refuseNonEmpty(db);
  let files: RestoredFiles = { written: 0, kept: 0 };
  let missingFiles: string[] = [];
  let doc: DuetExport;
  if (await isZip(zipOrJson)) {
    const archive = await openImportArchive(zipOrJson, options.limits);
    try {
      const json = archive.entries.find((e) => e.path === 'duet.json') ?? archive.entries.find((e) => /^[^/]+\/duet\.json$/.test(e.path));
      if (!json) throw new AppError('VALIDATION', 'The archive holds no duet.json: is it an export made by `duet export`?');
      // An entry larger than its header says is refused before anything is written.
      await archive.verify();
      const prefix = json.path.slice(0, -'duet.json'.length);
      progress('reading duet.json');
      doc = parseDuetJson(await readText(await archive.openEntry(json.path), 'duet.json'));
      checkReferences(doc);
      progress(`restoring ${doc.media.reduce((n, m) => n + m.files.length, 0)} media files`);
      files = await restoreMediaFiles(archive, prefix, doc.media, dataDir, progress);
    } finally {
      archive.close();
    }
  } else {
    const handle = await open(zipOrJson, 'r');
    try {
      doc = parseDuetJson(await readText(handle.createReadStream({ autoClose: false }), zipOrJson));
    } finally {
      await handle.close();
    }
    checkReferences(doc);
    missingFiles = await findMissingMediaFiles(doc.media, dataDir);
    for (const path of missingFiles) progress(`warning: ${path} is neither in the export nor in ${dataDir}/media`);
  }

  progress(`writing ${doc.posts.length} posts`);
  await inTransaction(db, async (trx) => {
    // Checked again inside the transaction: someone may have written since the first look.
    await refuseNonEmpty(trx);
    await insertDuetExport(trx, doc, progress).catch((error: unknown) => {
      throw new AppError('CONFLICT', `The database refused the import, so nothing was imported: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    });
  });

  const translations = doc.posts.flatMap((p) => p.translations);
  return {
    posts: doc.posts.length,
    translations: translations.length,
    revisions: translations.reduce((n, t) => n + t.revisions.length, 0),
    accounts: doc.accounts.length,
    authors: doc.authors.length,
    tags: doc.tags.length,
    media: doc.media.length,
    files,
    missingFiles,
    seconds: (performance.now() - started) / 1000,
  };
}
