// Waking this process's scheduler (scheduler.ts) from elsewhere, without importing it:
// the scheduler leaves its wake function here when it starts.
const globalKey = Symbol.for('duet.scheduler.wake');
type GlobalWithWake = typeof globalThis & { [globalKey]?: () => void };

export function setSchedulerWake(wake: () => void): void {
  (globalThis as GlobalWithWake)[globalKey] = wake;
}

/** A schedule was just set: look again now, so a time within seconds is met. */
export function wakeScheduler(): void {
  (globalThis as GlobalWithWake)[globalKey]?.();
}
