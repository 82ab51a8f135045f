// Sends a reader who follows an old address of a text (an imported Hugo alias, recorded in
// the redirects table) to the text's current address. Asked only on the way to a 404: for
// paths no route claims (app/[locale]/(site)/[...rest]), for a page or post slug no text
// has (`/en/about-us`), and for paths whose first segment is no locale (an address with a
// file extension, `/2019/01/hello.html`, which the locale proxy leaves alone). Cached like
// the rest of the content, under the tag every change revalidates.
import { unstable_cache } from 'next/cache';
import { notFound, permanentRedirect } from 'next/navigation';
import { postPath } from '@/core/content/post-path';
import { defaultLocale, type Locale } from '@/core/locales';
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

/**
 * A path no text answers (`/en/about-us`, or `/2019/hello.html` whose first segment is no
 * locale): the text it was an old address of, else a 404.
 */
export async function oldAddressOrNotFound(segments: readonly string[], locale: Locale = defaultLocale): Promise<never> {
  const target = await oldAddressTarget(locale, segments);
  if (target) permanentRedirect(target);
  notFound();
}
