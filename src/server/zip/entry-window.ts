// Keeps a large ZIP's writing linear. yazl (3.x) finds the entry to write next by scanning
// its list of entries from the first one, each time an entry ends: an archive of E entries
// costs E²/2 steps, which at 100,000 entries (a 50,000-post export's Markdown files) is
// minutes of CPU on the thread that writes it. The window takes the entries already
// written out of that list as the archive goes, a few hundred at a time, and puts them
// all back, in order, before the last one is written, so the central directory yazl
// writes at the end lists every entry. It reads yazl's `entries` and each entry's
// `state`, which its types do not show: entry-window.test.ts reads
// back an archive written through it, so a yazl that works otherwise fails there.
import type { ZipFile } from 'yazl';

interface YazlEntry {
  state: number;
}

/** yazl's Entry states (index.js): waiting, ready, being written, written. */
const inProgress = 2;
const written = 3;

/** Entries moved out at once: the scan before each entry stays under this. */
const trimEvery = 256;

export interface EntryWindow {
  /** Call as each entry starts to be written (an export's lazy entries) or is added (a backup's): written ones move out. */
  started(): void;
  /** Ends the archive (yazl's `end()`), every entry back in its list. */
  end(): void;
}

export function createEntryWindow(zip: ZipFile): EntryWindow {
  const list = zip as unknown as { entries: YazlEntry[] };
  let moved: YazlEntry[][] = [];
  let isEnded = false;
  let sinceTrim = 0;

  const restore = () => {
    if (moved.length === 0) return;
    list.entries = moved.flat().concat(list.entries);
    moved = [];
  };
  const isLastStarted = () => (list.entries.at(-1)?.state ?? written) >= inProgress;

  return {
    started() {
      // Once ended, the list is final: when its last entry starts, the rest comes back.
      if (isEnded && isLastStarted()) return restore();
      if (++sinceTrim < trimEvery) return;
      sinceTrim = 0;
      let done = 0;
      while (done < list.entries.length - 1 && list.entries[done]!.state === written) done++;
      if (done > 0) moved.push(list.entries.splice(0, done));
    },
    end() {
      isEnded = true;
      if (isLastStarted()) restore();
      zip.end();
    },
  };
}
