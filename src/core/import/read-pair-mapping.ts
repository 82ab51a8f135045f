// Reads the mapping file a writer can give the importer to pair texts the source did not
// pair. Two forms, each pair naming two source ids (as the dry run lists them):
//
//   JSON  {"pairs": [["398", "400"], ["about", "guanyu"]]}
//   CSV   one pair per line, `398,400`; blank lines and lines starting with # are skipped,
//         and so is a first line reading `source_id_a,source_id_b` (any case).
import { z } from 'zod';
import { ImportFormatError } from './import-document';

export type PairMapping = ReadonlyArray<readonly [string, string]>;

const sourceId = z.string().trim().min(1).max(500);
const mappingFile = z.strictObject({ pairs: z.array(z.tuple([sourceId, sourceId])).max(100_000) });
const maxMappingLength = 20 * 1024 * 1024;

export function readPairMapping(content: string, fileName = 'mapping'): PairMapping {
  if (content.length > maxMappingLength) throw new ImportFormatError(`The mapping file ${fileName} is larger than 20 MB.`, { file: fileName });
  const text = content.replace(/^\uFEFF/, '');
  return text.trimStart().startsWith('{') ? readJson(text, fileName) : readCsv(text, fileName);
}

function readJson(text: string, fileName: string): PairMapping {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ImportFormatError(`The mapping file ${fileName} is not valid JSON: ${(error as Error).message}`, { file: fileName });
  }
  const parsed = mappingFile.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ImportFormatError(`The mapping file ${fileName} must be {"pairs": [["idA", "idB"], …]}: ${issue?.path.join('.') || 'top level'} ${issue?.message ?? ''}`.trim(), { file: fileName });
  }
  return parsed.data.pairs;
}

function readCsv(text: string, fileName: string): PairMapping {
  const pairs: Array<[string, string]> = [];
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    if (!line || line.startsWith('#')) continue;
    const fields = line.split(/[,\t;]/).map((field) => field.trim().replace(/^"(.*)"$/, '$1').trim());
    if (pairs.length === 0 && /^source_id_a$/i.test(fields[0] ?? '') && /^source_id_b$/i.test(fields[1] ?? '')) continue;
    if (fields.length !== 2 || !fields[0] || !fields[1]) {
      throw new ImportFormatError(`Line ${index + 1} of the mapping file ${fileName} should be two source ids separated by a comma.`, { file: fileName, line: index + 1 });
    }
    pairs.push([fields[0], fields[1]]);
  }
  return pairs;
}
