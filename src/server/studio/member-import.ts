// A members import: the export file streamed through csv-parse (a chunk at a time, so a
// 20 MB file never holds the server), its platform told by its header, each row mapped
// (core/members/member-import.ts), and the members checked or added 500 at a time. A dry
// run writes nothing and reports what the real import would do; the real import adds only
// addresses that are not members yet, so running it twice adds nothing the second time.
import { Readable, Transform } from 'node:stream';
import { parse } from 'csv-parse';
import { AppError } from '@/core/errors/app-error';
import { detectFormat, emptyReport, mapRow, maxImportBytes, maxReportedProblems, type ImportedMember, type ImportFormat, type ImportQuery, type ImportReport } from '@/core/members/member-import';
import { getDatabase } from '@/db/client';
import { existingEmails, importNewsletters, insertImportedMembers } from '@/db/members/member-directory';
import { readSiteNames } from '@/server/members/member-messages';

const batchSize = 500;

function limitBytes(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) done(new AppError('PAYLOAD_TOO_LARGE', `An import file may be at most ${max / 1024 / 1024} MB.`, { fields: { file: ['Too large'] } }));
      else done(null, chunk);
    },
  });
}

export async function importMembersCsv(body: ReadableStream<Uint8Array> | null, query: ImportQuery, now = new Date()): Promise<ImportReport> {
  if (!body) throw new AppError('VALIDATION', 'Send the export file as the request body.', { fields: { file: ['Missing'] } });
  const db = getDatabase();
  const newsletters = await importNewsletters(db, query.newsletter, await readSiteNames(db), now);
  let format: ImportFormat | null = null;
  const parser = parse({
    bom: true,
    info: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
    columns: (header: string[]) => {
      format = detectFormat(header);
      if (!format) throw new AppError('VALIDATION', 'This file has no e-mail column: export members from Ghost, Substack or Mailchimp, or name a column "email".', { fields: { file: ['No e-mail column'] } });
      return header;
    },
  });
  const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>).pipe(limitBytes(maxImportBytes));
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);

  let report: ImportReport | null = null;
  const seen = new Set<string>();
  let batch: ImportedMember[] = [];
  const flush = async (r: ImportReport) => {
    if (batch.length === 0) return;
    const members = batch;
    batch = [];
    if (query.mode === 'apply') {
      const added = new Set(await insertImportedMembers(db, members, newsletters, now));
      for (const m of members) if (added.has(m.email)) r[m.status] += 1;
      r.existing += members.length - added.size;
    } else {
      const existing = await existingEmails(db, members.map((m) => m.email));
      for (const m of members) {
        if (existing.has(m.email)) r.existing += 1;
        else r[m.status] += 1;
      }
    }
  };
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      report ??= emptyReport(format!, query.mode);
      report.rows += 1;
      const outcome = mapRow(format!, record, query.language);
      if ('skip' in outcome) {
        report.skipped[outcome.skip] += 1;
        if (report.problems.length < maxReportedProblems && outcome.skip !== 'cleaned' && outcome.skip !== 'deleted') report.problems.push({ line: info.lines, reason: outcome.skip });
        continue;
      }
      if (seen.has(outcome.member.email)) {
        report.repeated += 1;
        continue;
      }
      seen.add(outcome.member.email);
      batch.push(outcome.member);
      if (batch.length >= batchSize) await flush(report);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION', `This file is not a CSV this import can read: ${(error as Error).message}`, { fields: { file: ['Not a readable CSV'] } });
  }
  report ??= emptyReport(format ?? 'generic', query.mode);
  await flush(report);
  return report;
}
