// Sends a reader who follows an old address of a text (an imported Hugo alias, recorded in
// the redirects table) to the text's current address. Asked only for paths no route
// claims (app/[locale]/(site)/[...rest]), and cached like the rest of the content, under
// the tag every change revalidates.
import { unstable_cache } from 'next/cache';
import { postPath } from '@/core/content/post-path';
import type { Locale } from '@/core/locales';
import { getDatabase } from '@/db/client';
import { createRedirects } from '@/db/repositories/redirects';
import { contentTag } from './content';
import { ensureDatabase } from './ensure-database';

const findCached = (path: string, locale: Locale) =>
  unstable_cache(
    async () => {
      await ensureDatabase();
      return createRedirects(getDatabase()).find(path, locale);
    },
    ['duet', 'redirect', path, locale],
    { tags: [contentTag] },
  )();

/** The current address of the text once published at `/<segments>`, or null. */
export async function oldAddressTarget(locale: Locale, segments: readonly string[]): Promise<string | null> {
  const path = toOldPath(segments);
  if (!path) return null;
  const target = await findCached(path, locale);
  return target ? postPath(target.kind, target.locale, target.slug) : null;
}

/** `/a/b` from the route's segments, decoded as the redirects table keeps paths; null when unreadable. */
export function toOldPath(segments: readonly string[]): string | null {
  try {
    const path = `/${segments.map((s) => decodeURIComponent(s)).join('/')}`.normalize('NFC').replace(/\/+$/, '');
    return path.length > 1 && path.length <= 2000 ? path : null;
  } catch {
    return null;
  }
}
