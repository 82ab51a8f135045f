// The glossary as CSV, for a spreadsheet or another tool: one term a row under the header
// `zh,en,note,do_not_translate,forbidden` (variants separated by "|"). Reading is all or
// nothing: the first bad row is named by its line and no term is kept.
import { parse } from 'csv-parse/sync';
import { AppError } from '@/core/errors/app-error';
import { glossaryLimits, glossaryTermInput, type GlossaryTermInput } from './glossary';

export const glossaryCsvHeader = ['zh', 'en', 'note', 'do_not_translate', 'forbidden'] as const;

/** A cell a spreadsheet would run as a formula gets a leading apostrophe, taken off again on reading. */
const formulaStart = /^[=+\-@\t\r]/;

function cell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function writeGlossaryCsv(terms: readonly GlossaryTermInput[]): string {
  const rows = terms.map((t) => [t.zh, t.en, t.note, t.doNotTranslate ? 'yes' : 'no', t.forbidden.join('|')].map(cell).join(','));
  return `${[glossaryCsvHeader.join(','), ...rows].join('\r\n')}\r\n`;
}

export function glossaryFileError(message: string, line: number | null): AppError {
  return new AppError('VALIDATION', message, { reason: 'glossary-file', fields: { file: [message] }, details: { line } });
}

const yes = new Set(['yes', 'y', 'true', '1', 'x', '是']);
const no = new Set(['', 'no', 'n', 'false', '0', '否']);

export function readGlossaryCsv(text: string): GlossaryTermInput[] {
  if (new TextEncoder().encode(text).length > glossaryLimits.importBytes) throw glossaryFileError(`A glossary file may be at most ${glossaryLimits.importBytes / 1024 / 1024} MB.`, null);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? null;
    throw glossaryFileError(`The CSV file cannot be read (line ${line ?? '?'}): ${(error as Error).message}`, line);
  }
  const [head, ...rows] = records;
  if (!head) return [];
  const columns = head.record.map((name) => name.toLowerCase());
  const at = (name: string) => columns.indexOf(name);
  if (at('zh') === -1 || at('en') === -1) throw glossaryFileError('The first line of a glossary CSV names its columns, and it needs a "zh" and an "en" column.', head.info.lines);
  if (rows.length > glossaryLimits.importTerms) throw glossaryFileError(`A glossary file may hold at most ${glossaryLimits.importTerms} terms; this one has ${rows.length}.`, null);
  return rows.map(({ record, info }) => {
    const get = (name: string) => {
      const value = at(name) === -1 ? '' : (record[at(name)] ?? '');
      return value.startsWith("'") && formulaStart.test(value.slice(1)) ? value.slice(1) : value;
    };
    const flag = get('do_not_translate').toLowerCase();
    if (!yes.has(flag) && !no.has(flag)) throw glossaryFileError(`Line ${info.lines}: "do_not_translate" is "yes" or "no", not "${flag.slice(0, 20)}".`, info.lines);
    const parsed = glossaryTermInput.safeParse({
      zh: get('zh'),
      en: get('en'),
      note: get('note'),
      doNotTranslate: yes.has(flag),
      forbidden: get('forbidden')
        .split('|')
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    });
    if (!parsed.success) throw glossaryFileError(`Line ${info.lines}: ${describeIssue(parsed.error.issues[0])}`, info.lines);
    return parsed.data;
  });
}

export function describeIssue(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return 'the term is not valid.';
  return `${issue.path.map(String).join('.') || 'term'}: ${issue.message}`;
}
