// KaTeX's stylesheet and fonts (scripts/katex-assets.mjs writes them to src/generated/katex,
// each named by its content hash), read once and kept: about 300 KB in all.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const fileName = /^(?:KaTeX_[A-Za-z0-9-]{1,40}\.[0-9a-f]{10}\.woff2|katex\.[0-9a-f]{10}\.css)$/;
const files = new Map<string, Promise<Buffer | null>>();

/** The file's bytes and type, or null when there is no such file. */
export async function katexAssetFile(name: string): Promise<{ bytes: Buffer; type: string } | null> {
  if (!fileName.test(name)) return null;
  let file = files.get(name);
  if (!file) {
    const path = join(/* turbopackIgnore: true */ process.cwd(), 'src', 'generated', 'katex', name);
    file = readFile(path).catch(() => null);
    // Only files that exist are kept, so the map holds at most the folder's two dozen.
    void file.then((bytes) => bytes ?? files.delete(name));
    files.set(name, file);
  }
  const bytes = await file;
  return bytes ? { bytes, type: name.endsWith('.css') ? 'text/css; charset=utf-8' : 'font/woff2' } : null;
}
