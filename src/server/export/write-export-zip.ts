// `duet export`: the whole site as one ZIP file, streamed (yazl) so its size is bounded by
// the disk, not by memory. Entries are made when the archive reaches them: first the media
// files (hashed as they pass), then one Markdown file per text, then duet.json, which can
// then list every file with its SHA-256. Everything is read inside one read-only
// transaction, so an export taken while the site is being edited is still consistent; the
// archive is written under a temporary name and renamed when complete.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { Db } from '@/db/client';
import { inReadSnapshot } from '@/db/transaction';
import { listExportPostIds, listExportTextNames, readExportAuthors, readExportMedia, readExportPosts, readExportTags } from '@/db/repositories/duet-export-reader';
import { describeMediaStore } from '@/server/media/media-store';
import { createEntryWindow } from '@/server/zip/entry-window';
import { streamDuetJson, type DuetJsonCounts } from './build-export';
import { hashingFileStream, planMediaFiles } from './export-media-files';
import { markdownPath, renderMarkdownFile, type MarkdownNames } from './export-markdown';

export interface WriteExportOptions {
  dataDir: string;
  /** Where the ZIP goes; replaced only once the new one is complete. */
  file: string;
  onProgress?: (message: string) => void;
  now?: Date;
}

export interface ExportSummary extends DuetJsonCounts {
  file: string;
  mediaFiles: number;
  /** Media paths the database lists that DATA_DIR lacks. */
  missingFiles: string[];
  markdownFiles: number;
  bytes: number;
  seconds: number;
}

const markdownBatch = 100;

export async function writeDuetExport(db: Db, options: WriteExportOptions): Promise<ExportSummary> {
  const started = performance.now();
  const temporary = join(dirname(options.file), `.${basename(options.file)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const summary = await inReadSnapshot(db, (trx) => writeArchive(trx, temporary, options));
    await rename(temporary, options.file);
    const { size } = await stat(options.file);
    return { ...summary, file: options.file, bytes: size, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

type ArchiveSummary = Omit<ExportSummary, 'file' | 'bytes' | 'seconds'>;

async function writeArchive(db: Db, temporary: string, options: WriteExportOptions): Promise<ArchiveSummary> {
  const zip = new yazl.ZipFile();
  // A site's Markdown files are tens of thousands of entries: see entry-window.ts.
  const window = createEntryWindow(zip);
  // Any failure (a file vanishing, a query failing) ends the archive; `failed` carries it out.
  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  // Handled below by the race; this only keeps an early failure from counting as unhandled.
  failed.catch(() => {});
  zip.on('error', fail);
  const output = zip.outputStream as NodeJS.ReadableStream & Readable;
  const written = pipeline(output, createWriteStream(temporary, { mode: 0o600 }));
  written.catch(fail);
  const lazy = (name: string, entry: { compress: boolean }, open: () => Promise<NodeJS.ReadableStream> | NodeJS.ReadableStream) =>
    zip.addReadStreamLazy(name, entry, (cb) => {
      window.started();
      Promise.resolve()
        .then(open)
        .then((stream) => {
          stream.on('error', fail);
          cb(null, stream);
        }, fail);
    });
  try {
    const summarize = await addEntries(db, lazy, options);
    window.end();
    await Promise.race([written, failed]);
    return summarize();
  } catch (error) {
    output.destroy();
    throw error;
  }
}

type AddEntry = (name: string, entry: { compress: boolean }, open: () => Promise<NodeJS.ReadableStream> | NodeJS.ReadableStream) => void;

/** Queues every entry (each is made only when the archive reaches it); gives what to say once all are written. */
async function addEntries(db: Db, lazy: AddEntry, options: WriteExportOptions): Promise<() => ArchiveSummary> {
  const progress = options.onProgress ?? (() => {});
  const [media, postIds, tags, authors] = await Promise.all([readExportMedia(db), listExportPostIds(db), readExportTags(db), readExportAuthors(db)]);
  const plan = await planMediaFiles(media, options.dataDir);
  progress(`exporting ${postIds.length} posts and ${plan.files.length} media files`);
  for (const path of plan.missing) progress(`warning: ${path} is in the media library but not in ${describeMediaStore(options.dataDir)}; it is left out`);

  // Media first: already compressed, so stored as they are.
  plan.files.forEach((file, i) =>
    lazy(file.archivePath, { compress: false }, () => {
      if (i > 0 && i % 100 === 0) progress(`media files: ${i}/${plan.files.length}`);
      return hashingFileStream(file);
    }),
  );

  const names: MarkdownNames = { tags: new Map(tags.map((t) => [t.id, t])), authors: new Map(authors.map((a) => [a.id, a])) };
  const markdown = markdownFiles(db, postIds, names, progress);
  const entries = await listMarkdownEntries(db);
  for (const name of entries) {
    lazy(name, { compress: true }, async () => {
      const next = await markdown.next();
      if (next.done || next.value.path !== name) throw new Error(`The Markdown files changed during the export (expected ${name}).`);
      return Readable.from([Buffer.from(next.value.text)]);
    });
  }

  const counts: DuetJsonCounts = { posts: 0, translations: 0, revisions: 0 };
  const json = streamDuetJson(
    db,
    { createdAt: (options.now ?? new Date()).toISOString(), postIds, media: plan.complete, onPosts: (done, total) => progress(`duet.json: ${done}/${total} posts`) },
    counts,
  );
  lazy('duet.json', { compress: true }, () => Readable.from(json, { objectMode: false }));
  // The counts fill in as duet.json is written.
  return () => ({ ...counts, mediaFiles: plan.files.length, missingFiles: plan.missing, markdownFiles: entries.length });
}

/** The Markdown entry names, in the order markdownFiles() makes them. */
async function listMarkdownEntries(db: Db): Promise<string[]> {
  return (await listExportTextNames(db)).flatMap((post) => post.translations.map((t) => markdownPath(post, t.locale)));
}

async function* markdownFiles(db: Db, postIds: number[], names: MarkdownNames, progress: (message: string) => void) {
  for (let i = 0; i < postIds.length; i += markdownBatch) {
    // Said before the batch: a generator is not resumed after the last file it gives.
    if (i > 0) progress(`Markdown files: ${i}/${postIds.length} posts`);
    const posts = await readExportPosts(db, postIds.slice(i, i + markdownBatch), { withRevisions: false });
    for (const post of posts) {
      for (const t of post.translations) yield { path: markdownPath(post, t.locale), text: renderMarkdownFile(post, t, names) };
    }
  }
}
