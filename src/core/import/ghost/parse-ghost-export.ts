// Reads a Ghost JSON export (Ghost 2 to 6, with or without the `{db: [{meta, data}]}`
// wrapper) into Duet's import document. Three ways in: an object already parsed, the JSON
// text, or a stream of its bytes (the entry of a Ghost ZIP archive); text and streams are
// scanned row by row rather than parsed whole, to keep memory flat on large sites.
import { ImportFormatError, type ImportDocument } from '../import-document';
import type { ImportOptions } from '../import-options';
import { GhostDocumentBuilder, ghostTables } from './build-ghost-document';
import { GhostJsonScanner } from './scan-ghost-json';

export type GhostImportOptions = ImportOptions;

export function parseGhostExport(json: string | object, options: GhostImportOptions = {}): ImportDocument {
  const builder = new GhostDocumentBuilder(options);
  if (typeof json === 'string') {
    const scanner = new GhostJsonScanner({ meta: (m) => builder.setMeta(m), row: (t, r) => builder.addRow(t, r) }, ghostTables);
    scanner.write(json.replace(/^\uFEFF/, ''));
    scanner.end();
  } else {
    readObject(json, builder);
  }
  return builder.build();
}

/** The same, from the export's bytes or text as they arrive (a file or ZIP entry stream). */
export async function parseGhostExportStream(stream: AsyncIterable<string | Uint8Array>, options: GhostImportOptions = {}): Promise<ImportDocument> {
  const builder = new GhostDocumentBuilder(options);
  const scanner = new GhostJsonScanner({ meta: (m) => builder.setMeta(m), row: (t, r) => builder.addRow(t, r) }, ghostTables);
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  try {
    for await (const chunk of stream) scanner.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    scanner.write(decoder.decode());
  } catch (error) {
    if (error instanceof TypeError) throw new ImportFormatError('The Ghost export is not UTF-8 text.');
    throw error;
  }
  scanner.end();
  return builder.build();
}

function readObject(value: object, builder: GhostDocumentBuilder): void {
  const root = value as { db?: unknown; meta?: unknown; data?: unknown };
  const wrapped = Array.isArray(root.db) ? (root.db[0] as { meta?: unknown; data?: unknown } | undefined) : root;
  const data = wrapped?.data;
  if (!data || typeof data !== 'object') {
    throw new ImportFormatError('This JSON is not a Ghost export: it has no "data" object (expected {"db": [{"meta", "data"}]} or {"meta", "data"}).');
  }
  builder.setMeta(wrapped?.meta);
  for (const table of ghostTables) {
    const rows = (data as Record<string, unknown>)[table];
    if (Array.isArray(rows)) for (const row of rows) builder.addRow(table, row);
  }
}
