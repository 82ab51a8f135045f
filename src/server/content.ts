// Reading-side access to content for pages: repository calls cached across requests
// under the "content" tag, which every change revalidates (server/revalidate.ts).
// Pages never touch the database directly.
import { unstable_cache } from 'next/cache';
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { createContentRepository } from '@/db/repositories/content-repository';
import type { Locale } from '@/core/locales';

export const contentTag = 'content';

async function repository() {
  await ensureDatabase();
  return createContentRepository(getDatabase());
}

type Repository = ReturnType<typeof createContentRepository>;

/** Wraps a repository read in the data cache, keyed by its name and arguments. */
function cached<A extends unknown[], R>(name: string, read: (repo: Repository, ...args: A) => Promise<R>) {
  return (...args: A): Promise<R> =>
    unstable_cache(async () => read(await repository(), ...args), ['duet', name, JSON.stringify(args)], { tags: [contentTag] })();
}

export const getPostBySlug = cached('post-by-slug', (repo, locale: Locale, slug: string) => repo.findPostBySlug(locale, slug));

export const listPosts = cached('list-posts', (repo, opts: Parameters<Repository['listPosts']>[0]) => repo.listPosts(opts));

/** The archive's years on the clock of the site's time zone. */
export const listArchiveYears = cached('archive-years', (repo, timeZone: string) => repo.listArchiveYears(new Date(), timeZone));

export const listTags = cached('tags', (repo) => repo.listTags());

export const getTagBySlug = cached('tag-by-slug', (repo, locale: Locale, slug: string) => repo.findTagBySlug(locale, slug));

export const getAuthorByHandle = cached('author', (repo, handle: string) => repo.findAuthorByHandle(handle));


/** Uncached: the health check must see the database as it is now. */
export async function checkContentHealth(): Promise<void> {
  await (await repository()).checkHealth();
}
