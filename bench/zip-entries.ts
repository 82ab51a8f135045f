// The cost of an archive's entry count alone: N small entries (an export's Markdown files
// are ~1–10 KB each, two per post) written through yazl to nowhere, queued first and
// written as the archive reaches them, as `duet export` does, with and without the entry
// window (src/server/zip/entry-window.ts). CPU seconds of this process for each run.
//   npx tsx bench/zip-entries.ts [--entries 25000,50000,100000]
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { createEntryWindow } from '@/server/zip/entry-window';

const at = process.argv.indexOf('--entries');
const sizes = (at >= 0 ? process.argv[at + 1]! : '25000,50000,100000').split(',').map(Number);

async function write(entries: number, withWindow: boolean): Promise<{ wall: number; cpu: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const zip = new ZipFile();
  const window = withWindow ? createEntryWindow(zip) : null;
  for (let i = 0; i < entries; i++) {
    zip.addReadStreamLazy(`posts/${i}-a-post/${i % 2 ? 'en' : 'zh'}.md`, { compress: false }, (cb) => {
      window?.started();
      cb(null, Readable.from([Buffer.from(`---\npair: ${i}\n---\n\nA text.\n`)]));
    });
  }
  const done = pipeline(zip.outputStream, new Writable({ write: (_chunk, _encoding, callback) => callback() }));
  if (window) window.end();
  else zip.end();
  await done;
  const used = process.cpuUsage(cpu);
  return { wall: (performance.now() - started) / 1000, cpu: (used.user + used.system) / 1e6 };
}

console.log('| entries | without the window: CPU s (per doubling) | with it: CPU s (per doubling) |\n|---|---|---|');
const last: Record<string, number> = {};
for (const entries of sizes) {
  const cells = [];
  for (const withWindow of [false, true]) {
    const { cpu } = await write(entries, withWindow);
    const key = String(withWindow);
    const ratio = last[key] ? ` (${(cpu / (2 * last[key]!)).toFixed(2)})` : '';
    last[key] = cpu;
    cells.push(`${cpu.toFixed(1)}${ratio}`);
  }
  console.log(`| ${entries.toLocaleString('en')} | ${cells.join(' | ')} |`);
}
