// Requests per minute per key, counted in fixed one-minute windows in this process. With
// several instances each counts its own share, so a key may reach the limit once per
// instance (docs/api.md says so): counting in a shared store would cost every read a round
// trip, for a limit that exists to stop runaway programs, not to meter them exactly. The
// windows live on globalThis: Next bundles this module more than once, and every copy must
// count into the same window.
const globalKey = Symbol.for('duet.apiKeyRateWindows');
const holder = globalThis as unknown as Record<symbol, Map<number, { start: number; count: number }> | undefined>;
const windows = (holder[globalKey] ??= new Map());
const windowMs = 60_000;

export interface RateVerdict {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
  remaining: number;
}

export function takeRequest(keyId: number, limitPerMinute: number, now = Date.now()): RateVerdict {
  const start = now - (now % windowMs);
  let window = windows.get(keyId);
  if (!window || window.start !== start) {
    // Old windows go whenever the map grows, so keys that stopped calling cost nothing.
    if (windows.size > 10_000) for (const [id, w] of windows) if (w.start !== start) windows.delete(id);
    window = { start, count: 0 };
    windows.set(keyId, window);
  }
  window.count += 1;
  const retryAfter = Math.ceil((start + windowMs - now) / 1000);
  return { allowed: window.count <= limitPerMinute, retryAfter, remaining: Math.max(0, limitPerMinute - window.count) };
}

/** Tests start each case with fresh windows. */
export function resetRateLimits(): void {
  windows.clear();
}
