// When a delivery is tried again, and when it stops. Six attempts in all, about 1 min,
// 5 min, 30 min, 2 h and 6 h apart (each wait ±20 %, so a receiver that was down for
// everyone is not hit by every retry at once); then the delivery is `failed`.
export const maxAttempts = 6;
const baseDelaysSeconds = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600];

/**
 * The wait after the `attempt`-th attempt failed (1-based), or null when that was the
 * last. `random` is in [0, 1) (injectable, so tests know the exact time).
 */
export function retryDelayMs(attempt: number, random: number = Math.random()): number | null {
  if (attempt >= maxAttempts) return null;
  const base = baseDelaysSeconds[Math.max(0, attempt - 1)]!;
  const jitter = 0.8 + 0.4 * Math.min(Math.max(random, 0), 1);
  return Math.round(base * jitter * 1000);
}

/** What a receiver's answer means for the delivery. */
export type AttemptVerdict = 'succeeded' | 'retry' | 'gone';

/**
 * 2xx: done. 410 Gone: the receiver asks never to be called again (the hook is turned
 * off). Anything else, a redirect included (they are not followed: a redirect could lead
 * to an address the checks refused), a network error or a timeout (status null): retry.
 */
export function verdictOf(status: number | null): AttemptVerdict {
  if (status !== null && status >= 200 && status < 300) return 'succeeded';
  if (status === 410) return 'gone';
  return 'retry';
}
