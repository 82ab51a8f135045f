// What a command run by the Studio (a child process with an IPC channel, see
// server/site-jobs/run-site-job.ts) tells its parent as it works: how far it is, and why it
// stopped. Run from a terminal there is no channel and these calls do nothing.
import { constants, setPriority } from 'node:os';
import type { JobProgressEvent, JobReporter } from '@/core/site-jobs/job-event';

export type { JobEvent, JobFailureEvent, JobProgressEvent, JobReporter } from '@/core/site-jobs/job-event';

/** At most this often a progress event of the same phase; a phase's first and last always go. */
const progressIntervalMs = 250;

/** A reporter over this process's IPC channel, or undefined when nobody listens. */
export function parentReporter(): JobReporter | undefined {
  if (!process.send) return undefined;
  let lastAt = 0;
  let lastPhase = '';
  return (event) => {
    if (event.type === 'progress') {
      const now = Date.now();
      const isLast = event.total !== undefined && event.done === event.total;
      if (event.phase === lastPhase && now - lastAt < progressIntervalMs && !isLast) return;
      lastAt = now;
      lastPhase = event.phase;
    }
    process.send?.(event);
  };
}

/**
 * Run by the Studio, the command shares the machine with the server that started it: at a
 * lower priority, an export, backup or import takes the CPU the server's readers leave,
 * instead of half of it (docs/performance.md, "Export, backup and import"). Called first
 * thing, so the threads and processes the command starts later (compression, render
 * workers) inherit it.
 */
export function giveWayToServer(): void {
  if (!process.send) return;
  try {
    setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not permitted here (some containers): the job runs at the server's priority.
  }
}

/** Resolves once every event sent so far has been written to the channel, then closes it. */
export async function closeParentChannel(): Promise<void> {
  if (!process.send) return;
  // Messages go in order: the callback of this one means the ones before it left too.
  await new Promise<void>((resolve) => process.send!({ type: 'progress', phase: 'finished' }, () => resolve()));
  process.disconnect?.();
}

/** The export's progress sentences, as counts a progress bar can show. */
export function exportProgressOf(message: string): JobProgressEvent | null {
  const match = /^(media files|Markdown files|duet\.json): (\d+)\/(\d+)/.exec(message);
  if (!match) return null;
  const phase = ({ 'media files': 'media', 'Markdown files': 'markdown', 'duet.json': 'json' } as const)[match[1] as 'media files'];
  return { type: 'progress', phase, done: Number(match[2]), total: Number(match[3]) };
}
