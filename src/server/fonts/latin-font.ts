// The Latin web fonts' files (scripts/latin-fonts.mjs writes them to src/generated/latin-fonts,
// each named by its content hash), read once and kept: a few hundred kilobytes in all.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const fileName = /^[a-z0-9-]{1,80}\.[0-9a-f]{10}\.woff2$/;
const files = new Map<string, Promise<Buffer | null>>();

/** The file's bytes, or null when there is no such file. */
export function latinFontFile(name: string): Promise<Buffer | null> {
  if (!fileName.test(name)) return Promise.resolve(null);
  let file = files.get(name);
  if (!file) {
    const path = join(/* turbopackIgnore: true */ process.cwd(), 'src', 'generated', 'latin-fonts', name);
    file = readFile(path).catch(() => null);
    // Only files that exist are kept, so the map holds at most the folder's few dozen.
    void file.then((bytes) => bytes ?? files.delete(name));
    files.set(name, file);
  }
  return file;
}
