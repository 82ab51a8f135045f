// Wall-clock times in the site's time zone. A writer schedules "9:00" meaning nine on the
// site's clock, whatever their browser's zone; the server stores UTC. These convert both
// ways with the platform's own time-zone data (Intl), so no table of offsets is shipped.

/** The parts of `date` on the clock of `timeZone`. */
function partsIn(date: Date, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  return Object.fromEntries(parts.filter((p) => p.type !== 'literal').map((p) => [p.type, Number(p.value)]));
}

/** How far `timeZone`'s clock is ahead of UTC at `date`, in milliseconds. */
function offsetAt(date: Date, timeZone: string): number {
  const p = partsIn(date, timeZone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/**
 * The instant at which `timeZone`'s clock shows `local` ("2026-12-01T09:00", as a
 * datetime-local input gives it). A time skipped by a daylight-saving change resolves to
 * the instant just after the gap.
 */
export function zonedToUtc(local: string, timeZone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!match) throw new RangeError(`Not a local date and time: ${local}`);
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0));
  const naive = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  // The zone's offsets half a day either side cover any change of offset near this time.
  const before = offsetAt(new Date(naive - 12 * 3600_000), timeZone);
  const after = offsetAt(new Date(naive + 12 * 3600_000), timeZone);
  const wanted = local.length === 16 ? local : local.slice(0, 16);
  for (const offset of [before, after]) {
    const candidate = new Date(naive - offset);
    // The first instant whose clock shows this time (a repeated hour: the first of the two).
    if (utcToZonedInput(candidate, timeZone) === wanted) return candidate;
  }
  // Skipped by a change of offset: read with the offset in force before it, which lands
  // just after the gap (02:30 on the night clocks jump to 03:00 becomes 03:30).
  return new Date(naive - before);
}

/** `date` as `timeZone`'s clock shows it, in the datetime-local input's format. */
export function utcToZonedInput(date: Date, timeZone: string): string {
  const p = partsIn(date, timeZone);
  const pad = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** `date` on `timeZone`'s clock for a file name, to the minute: 20261222-1530. */
export function fileNameStamp(date: Date, timeZone: string): string {
  return utcToZonedInput(date, timeZone).replace(/[-:]/g, '').replace('T', '-');
}

/** Whether this platform knows the zone (an IANA name such as Asia/Shanghai). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
