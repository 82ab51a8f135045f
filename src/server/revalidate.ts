// Turns "content changed" into cache invalidation. Called by route handlers and server
// actions after a change (never from persistence code).
import { revalidateTag } from 'next/cache';
import { contentTag } from './content';

/** Drops every cached read and page that shows content; the next request renders fresh. */
export function revalidateContent(): void {
  revalidateTag(contentTag, { expire: 0 });
}
