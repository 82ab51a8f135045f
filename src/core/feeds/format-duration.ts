// Durations as podcast apps read them (itunes:duration): HH:MM:SS, whole seconds.

/** 37.776 → "00:00:38"; 3725 → "01:02:05". Null for a missing or meaningless duration. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return [hours, minutes, rest].map((part) => String(part).padStart(2, '0')).join(':');
}
