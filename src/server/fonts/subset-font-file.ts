// Cuts one WOFF2 slice of a self-hosted font down to the given characters (HarfBuzz's
// subsetter, through subset-font), keeping its weight axis. Runs in the render worker:
// it costs tens of milliseconds of CPU per slice, which the server's thread never pays.
import { readFile } from 'node:fs/promises';
import subsetFont from 'subset-font';

export async function subsetFontFile(file: string, codePoints: number[]): Promise<Uint8Array> {
  const source = await readFile(file);
  const subset = await subsetFont(source, String.fromCodePoint(...codePoints), { targetFormat: 'woff2' });
  return new Uint8Array(subset);
}
