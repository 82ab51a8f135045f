// Finds the post a page shows: by its slug in the page's language, or (for a missing
// translation) in the other language. A slug of the other language when the page's
// own version exists redirects to the page's own slug.
import { notFound, permanentRedirect } from 'next/navigation';
import type { PostKind } from '@/core/content/types';
import { isLocale } from '@/core/locales';
import { getPostBySlug } from './content';
import { postPath } from '@/core/content/post-path';
import { oldAddressOrNotFound } from './old-addresses';
import { viewPost, type PostView } from './post-view';

export async function loadPostView(rawLocale: string, rawSlug: string, kind: PostKind, suffix = ''): Promise<PostView> {
  // `/2019/hello.html`: an old address of an imported text, or a 404.
  if (!isLocale(rawLocale)) return oldAddressOrNotFound(kind === 'page' ? [rawLocale, rawSlug] : [rawLocale, 'posts', rawSlug]);
  const slug = safeDecode(rawSlug);
  if (slug == null || slug.length > 200) notFound();
  const found = await getPostBySlug(rawLocale, slug);
  // `/en/about-us`: an old address of an imported text, or a 404.
  if (!found || found.post.kind !== kind) {
    if (suffix) notFound();
    return oldAddressOrNotFound(kind === 'page' ? [rawSlug] : ['posts', rawSlug], rawLocale);
  }
  const view = viewPost(found.post, rawLocale);
  if (!view) notFound();
  if (!view.isFallback && view.shown.slug !== slug) permanentRedirect(postPath(found.post.kind, rawLocale, view.shown.slug) + suffix);
  return view;
}

/** A slug from the URL, decoded and NFC-normalised; null when its escapes are malformed. */
export function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value).normalize('NFC');
  } catch {
    return null;
  }
}
