// Reads a WordPress export (WXR 1.0–1.2, with Polylang or WPML translations) into Duet's
// import document. The XML is parsed as a stream; the items are kept as plain records and
// converted once the whole file is read, because a post may name a featured image or a
// gallery attachment that comes later in the file.
import { ImportFormatError, type ImportDocument } from '../import-document';
import type { ImportOptions } from '../import-options';
import { buildWxrDocument } from './build-wxr-document';
import { WxrReader, type WxrItem } from './read-wxr';

export type WxrImportOptions = ImportOptions;

export async function parseWxr(input: AsyncIterable<string | Uint8Array> | string, options: WxrImportOptions = {}): Promise<ImportDocument> {
  const items: WxrItem[] = [];
  const reader = new WxrReader((item) => items.push(item));
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
