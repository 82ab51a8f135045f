// The file a finished job leaves: an export's or backup's archive, or an import's report.
// Streamed from disk (a backup can be gigabytes), never cached, always as an attachment.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '@/core/errors/app-error';
import { jobDir, readJob } from './job-store';
import { hasFinished, isImportKind } from './site-job';
import { reportFile } from './start-site-job';

export async function downloadJobFile(dataDir: string, id: string): Promise<Response> {
  const job = await readJob(dataDir, id);
  if (!job || !hasFinished(job)) throw new AppError('NOT_FOUND', 'This job has no file to download.');
  const file = isImportKind(job.kind) ? reportFile(dataDir, job.id) : job.output ? join(jobDir(dataDir, job.id), job.output.name) : null;
  const size = file ? await stat(file).then((s) => s.size, () => null) : null;
  if (!file || size === null) throw new AppError('NOT_FOUND', 'The file of this job is gone.');
  const name = isImportKind(job.kind) ? `duet-${job.kind}-report-${job.id}.json` : job.output!.name;
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      'Content-Type': isImportKind(job.kind) ? 'application/json; charset=utf-8' : 'application/zip',
      'Content-Length': String(size),
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
