// WordPress stores each date twice: in the site's time zone (`post_date`) and in UTC
// (`post_date_gmt`). Drafts, and some hand-made exports, leave the UTC one empty or
// `0000-00-00 00:00:00`. Then the local date is converted with the site's offset, learnt
// from the items that have both (the most common difference, so a daylight-saving hour
// does not decide); with no such item the local date is read as UTC.
import { toIsoUtc } from '../import-values';
import type { WxrItem } from './read-wxr';

const sqlDate = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The site's UTC offset in minutes (local minus UTC), or null when no item shows it. */
export function estimateSiteOffset(items: readonly WxrItem[]): number | null {
  const votes = new Map<number, number>();
  for (const item of items) {
    const local = parse(item.fields.get('wp:post_date'));
    const utc = parse(item.fields.get('wp:post_date_gmt'));
    if (local === null || utc === null) continue;
    const minutes = Math.round((local - utc) / 60_000);
    // Real offsets lie within ±14 hours.
    if (Math.abs(minutes) <= 14 * 60) votes.set(minutes, (votes.get(minutes) ?? 0) + 1);
  }
  let best: number | null = null;
  let bestVotes = 0;
  for (const [minutes, count] of votes) {
    if (count > bestVotes) [best, bestVotes] = [minutes, count];
  }
  return best;
}

/** The UTC instant of a WordPress date pair, as ISO 8601. */
export function wordPressDate(local: string | undefined, utc: string | undefined, offset: number | null): string | null {
  if (parse(utc) !== null) return toIsoUtc(utc);
  const time = parse(local);
  if (time === null) return null;
  return new Date(time - (offset ?? 0) * 60_000).toISOString();
}

/** Milliseconds of a `YYYY-MM-DD HH:MM:SS` date read as UTC, or null for an empty or zero date. */
function parse(value: string | undefined): number | null {
  const match = sqlDate.exec(value?.trim() ?? '');
  if (!match || match[1] === '0000') return null;
  const time = Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, +match[4]!, +match[5]!, +(match[6] ?? 0));
  return Number.isNaN(time) ? null : time;
}
