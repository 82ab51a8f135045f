// Reading and writing the table container of a TrueType font (the "sfnt"): a directory
// of four-letter tags pointing at byte ranges. Enough to take a font apart, replace or
// drop tables, and put it back together.

export type SfntTables = Map<string, Uint8Array>;

/** The tables of a font, each a view into `data`. */
export function readSfnt(data: Uint8Array): { version: number; tables: SfntTables } {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const tables: SfntTables = new Map();
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(...data.subarray(record, record + 4));
    const offset = view.getUint32(record + 8);
    const length = view.getUint32(record + 12);
    tables.set(tag, data.subarray(offset, offset + length));
  }
  return { version: view.getUint32(0), tables };
}

/** A font file from its tables (sorted by tag, 4-byte aligned, with their checksums). */
export function writeSfnt(version: number, tables: SfntTables): Uint8Array {
  const tags = [...tables.keys()].sort();
  const headerSize = 12 + tags.length * 16;
  const size = tags.reduce((sum, tag) => sum + align4(tables.get(tag)!.length), headerSize);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  const entrySelector = Math.floor(Math.log2(tags.length));
  view.setUint32(0, version);
  view.setUint16(4, tags.length);
  view.setUint16(6, 2 ** entrySelector * 16);
  view.setUint16(8, entrySelector);
  view.setUint16(10, tags.length * 16 - 2 ** entrySelector * 16);
  let offset = headerSize;
  tags.forEach((tag, i) => {
    const table = tables.get(tag)!;
    const record = 12 + i * 16;
    for (let c = 0; c < 4; c++) view.setUint8(record + c, tag.charCodeAt(c));
    out.set(table, offset);
    view.setUint32(record + 4, checksum(out.subarray(offset, offset + align4(table.length))));
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, table.length);
    offset += align4(table.length);
  });
  return out;
}

/** A DataView over exactly one table's bytes. */
export function tableView(table: Uint8Array): DataView {
  return new DataView(table.buffer, table.byteOffset, table.byteLength);
}

export function align4(n: number): number {
  return (n + 3) & ~3;
}

function checksum(padded: Uint8Array): number {
  const view = new DataView(padded.buffer, padded.byteOffset, padded.byteLength);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}
