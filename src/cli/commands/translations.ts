// `duet translations export|import`: XLIFF for CAT tools from the server's shell. Export
// writes FILE (XLIFF 2.1 or 1.2), the site's memory beside it as FILE's basename with
// `.tmx` and its glossary (when it has terms) with `.tbx`; import turns each text of a translated file into a draft, acting as the account
// given with --as (its role's review rules) or, without it, as the site's owner.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { isRole, type Actor } from '@/core/auth/permissions';
import { isAppError } from '@/core/errors/app-error';
import { exportFormats, exportQuery } from '@/core/translation/exchange-inputs';
import type { BoardState } from '@/core/translation/board';
import { createDatabase } from '@/db/client';
import { migrateToLatest } from '@/db/migrate';
import { createAccountRepository } from '@/db/repositories/accounts';
import { createGlossaryRepository } from '@/db/repositories/glossary';
import { writeGlossaryTbx } from '@/core/translation/glossary-tbx';
import { renderInWorker } from '@/server/render/render-pool';
import { exportTmx, exportXliff, importXliff, maxImportBytes } from '@/server/translation/xliff-exchange';
import type { CliIo } from '../cli-io';

export const translationsUsage = `  translations export [--post ID…] [--outdated] [--missing] --to zh|en
            [--format xliff2|xliff12] FILE
            write the texts named (and/or every outdated or missing translation
            into that language) as XLIFF for a CAT tool, and the site's memory of
            published pairs beside it as FILE's name with .tmx, and the
            glossary, when it has terms, with .tbx
  translations import FILE [--as EMAIL]
            make each text of a translated XLIFF file a draft of its translation
            (never published), with the review rules of EMAIL's role (default:
            as the site's owner, no review)`;

interface ExportArgs {
  postIds: number[];
  states: BoardState[];
  to?: string;
  format?: string;
  file?: string;
}

function parseExportArgs(args: string[]): ExportArgs | string {
  const out: ExportArgs = { postIds: [], states: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--post') {
      let any = false;
      while (args[i + 1] !== undefined && /^\d{1,12}$/.test(args[i + 1]!)) {
        out.postIds.push(Number(args[++i]));
        any = true;
      }
      if (!any) return '--post needs at least one post id';
    } else if (arg === '--outdated') out.states.push('outdated');
    else if (arg === '--missing') out.states.push('missing');
    else if (arg === '--to') out.to = args[++i];
    else if (arg === '--format') out.format = args[++i];
    else if (arg.startsWith('--')) return `unknown option ${arg}`;
    else if (out.file === undefined) out.file = arg;
    else return `one FILE only (got ${out.file} and ${arg})`;
  }
  if (!out.file) return 'FILE is missing';
  if (out.postIds.length === 0 && out.states.length === 0) return 'name posts with --post, or give --outdated and/or --missing';
  return out;
}

/** FILE's basename with another extension, beside it: texts.xlf → texts.tmx. */
export function besideFile(file: string, extension: string): string {
  return join(dirname(file), `${basename(file, extname(file))}${extension}`);
}

async function exportTranslations(io: CliIo, dataDir: string, args: string[]): Promise<number> {
  const parsed = parseExportArgs(args);
  if (typeof parsed === 'string') {
    io.stderr.write(`${parsed}.\n\nUsage:\n${translationsUsage}\n`);
    return 2;
  }
  const query = exportQuery.safeParse({ to: parsed.to, format: parsed.format ?? 'xliff2' });
  if (!query.success || query.data.format === 'tmx') {
    io.stderr.write(`--to must be zh or en and --format one of ${exportFormats.filter((f) => f !== 'tmx').join(', ')}.\n`);
    return 2;
  }
  const file = resolve(parsed.file!);
  const db = createDatabase({ url: io.env.DATABASE_URL, dataDir });
  try {
    await migrateToLatest(db);
    const { xliff, count } = await exportXliff(db, null, { to: query.data.to, format: query.data.format as 'xliff2' | 'xliff12', postIds: parsed.postIds, states: parsed.states });
    const { tmx, pairs } = await exportTmx(db, query.data.to);
    const tmxFile = besideFile(file, '.tmx');
    const terms = await createGlossaryRepository(db).list();
    writeFileSync(file, xliff);
    writeFileSync(tmxFile, tmx);
    io.stdout.write(`Wrote ${count} text(s) to ${file} and ${pairs} memory pair(s) to ${tmxFile}.\n`);
    if (terms.length > 0) {
      const tbxFile = besideFile(file, '.tbx');
      writeFileSync(tbxFile, writeGlossaryTbx(terms));
      io.stdout.write(`Wrote the glossary's ${terms.length} term(s) to ${tbxFile}.\n`);
    } else io.stdout.write('The glossary has no terms: no .tbx was written.\n');
    return 0;
  } finally {
    await db.destroy();
  }
}

async function importTranslations(io: CliIo, dataDir: string, args: string[]): Promise<number> {
  const asAt = args.indexOf('--as');
  const email = asAt >= 0 ? args[asAt + 1] : undefined;
  const rest = asAt >= 0 ? args.filter((_, i) => i !== asAt && i !== asAt + 1) : args;
  if (rest.length !== 1 || (asAt >= 0 && !email)) {
    io.stderr.write(`Give one FILE (and --as EMAIL).\n\nUsage:\n${translationsUsage}\n`);
    return 2;
  }
  const file = resolve(rest[0]!);
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    io.stderr.write(`There is no file ${file}.\n`);
    return 2;
  }
  if (size > maxImportBytes) {
    io.stderr.write(`${file} is larger than ${maxImportBytes / 1024 / 1024} MB; nothing was imported.\n`);
    return 1;
  }
  const db = createDatabase({ url: io.env.DATABASE_URL, dataDir });
  try {
    await migrateToLatest(db);
    let actor: Actor | null = null;
    if (email) {
      const account = await createAccountRepository(db).findByEmail(email);
      if (!account || !isRole(account.role)) {
        io.stderr.write(`There is no Studio account ${email}.\n`);
        return 2;
      }
      actor = { id: account.id, role: account.role };
    }
    const outcomes = await importXliff(db, (input) => renderInWorker(input), actor, readFileSync(file, 'utf8'));
    for (const o of outcomes) {
      io.stdout.write(
        o.outcome === 'saved'
          ? `post ${o.postId} (${o.locale}): saved as a draft${o.merged ? ', merged into a changed source' : ''}${o.submittedForReview ? ', waiting for review' : ''}\n`
          : `post ${o.postId} (${o.locale}): refused: ${o.reason}\n`,
      );
    }
    const refused = outcomes.filter((o) => o.outcome === 'refused').length;
    io.stdout.write(`Imported ${outcomes.length - refused} text(s) as drafts; ${refused} refused.\n`);
    return refused > 0 ? 1 : 0;
  } catch (error) {
    if (isAppError(error) && error.code !== 'INTERNAL') {
      io.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

export async function translationsCommand(io: CliIo, dataDir: string, [sub, ...args]: string[]): Promise<number> {
  if (sub === 'export') return exportTranslations(io, dataDir, args);
  if (sub === 'import') return importTranslations(io, dataDir, args);
  io.stderr.write(`Usage:\n${translationsUsage}\n`);
  return 2;
}
