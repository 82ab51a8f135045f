// Reads a WordPress export (WXR 1.0–1.2, with Polylang or WPML translations) into Duet's
// import document. The XML is parsed as a stream; the items are kept as plain records and
// converted once the whole file is read, because a post may name a featured image or a
// gallery attachment that comes later in the file. Each item's HTML waits in the body
// store (options.bodies) meanwhile, so a large export's content is not all held at once.
import { ImportFormatError, type ImportDocument } from '../import-document';
import { bodiesInMemory } from '../body-store';
import type { ImportOptions } from '../import-options';
import { buildWxrDocument, type StoredWxrItem } from './build-wxr-document';
import { WxrReader } from './read-wxr';

export type WxrImportOptions = ImportOptions;

export async function parseWxr(input: AsyncIterable<string | Uint8Array> | string, options: WxrImportOptions = {}): Promise<ImportDocument> {
  const items: StoredWxrItem[] = [];
  const bodies = options.bodies ?? bodiesInMemory;
  const reader = new WxrReader((item) => {
    const content = bodies.keep(item.fields.get('content:encoded') ?? '');
    item.fields.delete('content:encoded');
    items.push({ ...item, content });
  });
  if (typeof input === 'string') {
    reader.write(input.replace(/^\uFEFF/, ''));
  } else {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    try {
      for await (const chunk of input) reader.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
      reader.write(decoder.decode());
    } catch (error) {
      if (error instanceof TypeError) throw new ImportFormatError('The WordPress export is not UTF-8 text.');
      throw error;
    }
  }
  const channel = reader.close();
  return buildWxrDocument(channel, items, options);
}
