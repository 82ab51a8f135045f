// `duet import <file or folder>`: a Ghost export (.json or .zip), a WordPress WXR file or
// a Hugo / Markdown folder into this site. `--dry-run` reports what would be created,
// paired and skipped and writes nothing. A progress bar on stderr, a summary on stdout,
// and the whole report as JSON (`--report`, else DATA_DIR/imports/). Running it twice
// creates nothing twice.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ImportFormatError } from '@/core/import/import-document';
import { isLocale } from '@/core/locales';
import { createDatabase } from '@/db/client';
import { migrateToLatest } from '@/db/migrate';
import { openImportSource, type SourceOptions } from '@/server/import/open-import-source';
import { summarizeReport } from '@/server/import/import-report';
import { runImport } from '@/server/import/write-import';
import { importRenderBudgetMs } from '@/server/import/render-import-texts';
import { closeRenderPool, renderInWorker } from '@/server/render/render-pool';
import { notifyServer } from '../notify-server';
import type { CliIo } from '../cli-io';

export const importUsage = `  import <file or folder> [--dry-run] [--media <folder>] [--mapping <file>]
         [--language zh|en] [--site-url <url>] [--report <file>]
            import a Ghost export (.json or .zip), a WordPress WXR file (.xml, with
            Polylang or WPML pairs) or a Hugo / Markdown folder; --dry-run shows what
            would be created and writes nothing; safe to run again`;

interface ImportArgs {
  path: string;
  dryRun: boolean;
  reportFile: string | null;
  source: SourceOptions;
}

const valueFlags = new Set(['--media', '--mapping', '--language', '--site-url', '--report']);

/** Reads the arguments; a string is the complaint to print. */
async function parseArgs(args: string[]): Promise<ImportArgs | string> {
  let path: string | null = null;
  const parsed: ImportArgs = { path: '', dryRun: false, reportFile: null, source: {} };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--dry-run') parsed.dryRun = true;
    else if (valueFlags.has(arg)) {
      const value = args[++i];
      if (value === undefined) return `${arg} needs a value.`;
      if (arg === '--media') parsed.source.mediaFolder = value;
      else if (arg === '--mapping') parsed.source.mapping = await readFile(value, 'utf8');
      else if (arg === '--site-url') parsed.source.siteUrl = value;
      else if (arg === '--report') parsed.reportFile = value;
      else if (isLocale(value)) parsed.source.defaultLocale = value;
      else return `--language takes zh or en, not "${value}".`;
    } else if (arg.startsWith('--')) return `Unknown option ${arg}.`;
    else if (path === null) path = arg;
    else return `Give one file or folder (got "${path}" and "${arg}").`;
  }
  if (path === null) return 'Give the file or folder to import.';
  parsed.path = path;
  return parsed;
}

function progressBar(io: CliIo) {
  let last = -1;
  return (done: number, total: number) => {
    io.report?.({ type: 'progress', phase: 'importing', done, total });
    const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
    if (percent === last) return;
    last = percent;
    const width = 30;
    const filled = Math.round((percent / 100) * width);
    io.stderr.write(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total} posts${done === total ? '\n' : ''}`);
  };
}

export async function importCommand(io: CliIo, dataDir: string, args: string[]): Promise<number> {
  const parsed = await parseArgs(args);
  if (typeof parsed === 'string') {
    io.stderr.write(`${parsed}\n\nUsage:\n${importUsage}\n`);
    return 2;
  }
  let opened;
  try {
    io.report?.({ type: 'progress', phase: 'reading' });
    opened = await openImportSource(parsed.path, parsed.source);
  } catch (error) {
    if (!(error instanceof ImportFormatError)) throw error;
    const where = error.details.line ? ` (line ${error.details.line})` : '';
    io.report?.({ type: 'failure', message: `${error.message}${where}` });
    io.stderr.write(`Nothing was imported: ${error.message}${where}\n`);
    return 1;
  }
  const db = createDatabase({ url: io.env.DATABASE_URL, dataDir });
  try {
    await migrateToLatest(db);
    const report = await runImport(db, opened.document, {
      dataDir,
      files: opened.files,
      dryRun: parsed.dryRun,
      // Which site this is, from the source itself: the same export from another path is the same.
      identity: opened.identity,
      onProgress: progressBar(io),
      // A text the formatter cannot finish in time waits for the end of the import and is
      // rendered again with a longer budget; one that still cannot is a draft, reported.
      render: (input) => renderInWorker(input),
      renderLonger: (input) => renderInWorker(input, importRenderBudgetMs()),
    });
    const file = parsed.reportFile ?? join(dataDir, 'imports', `${report.startedAt.replace(/[:.]/g, '-')}${parsed.dryRun ? '-dry-run' : ''}.json`);
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
    io.stdout.write(summarizeReport(report));
    io.stdout.write(`  report: ${file}\n`);
    if (!parsed.dryRun && report.counts.created > 0) {
      // Published texts show at once on a running server.
      const refreshed = await notifyServer({ env: io.env, dataDir });
      if (refreshed.status === 'revalidated') io.stdout.write(`The server at ${refreshed.url} refreshed its pages.\n`);
    }
    return report.counts.failed > 0 ? 1 : 0;
  } finally {
    opened.close();
    await db.destroy();
    await closeRenderPool();
  }
}
