// Progress of a backup or restore: the operations count entries and bytes as they go and
// report every step; the command line prints at most one line a second of it, so a long
// run shows it is alive without flooding a terminal or a log.
export interface Progress {
  /** What is happening: 'backing up', 'verifying', 'restoring'. */
  phase: string;
  entries: number;
  bytes: number;
  /** Known when the work was listed up front (a restore), absent otherwise. */
  totalEntries?: number;
  totalBytes?: number;
}

export type ProgressListener = (progress: Progress) => void;

/** Counts entries and bytes for one phase and tells the listener of every change. */
export function createProgressCounter(phase: string, listener: ProgressListener, totals: Pick<Progress, 'totalEntries' | 'totalBytes'> = {}) {
  const progress: Progress = { phase, entries: 0, bytes: 0, ...totals };
  return {
    addBytes(bytes: number) {
      progress.bytes += bytes;
      listener(progress);
    },
    addEntry() {
      progress.entries += 1;
      listener(progress);
    },
    get current(): Progress {
      return { ...progress };
    },
  };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}

export function describeProgress({ phase, entries, bytes, totalEntries, totalBytes }: Progress): string {
  const entryPart = totalEntries === undefined ? `${entries} entries` : `${entries}/${totalEntries} entries`;
  const bytePart = totalBytes === undefined ? formatBytes(bytes) : `${formatBytes(bytes)} of ${formatBytes(totalBytes)}`;
  return `${phase}: ${entryPart}, ${bytePart}`;
}

/** A listener that writes a line per phase change and otherwise at most one per `intervalMs`. */
export function createProgressPrinter(write: (line: string) => void, intervalMs = 1000): ProgressListener {
  let lastAt = 0;
  let lastPhase = '';
  return (progress) => {
    const now = Date.now();
    const isDone = progress.totalEntries !== undefined && progress.entries === progress.totalEntries;
    if (progress.phase === lastPhase && now - lastAt < intervalMs && !isDone) return;
    lastAt = now;
    lastPhase = progress.phase;
    write(`${describeProgress(progress)}\n`);
  };
}
