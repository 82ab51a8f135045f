// The picture of the account an author's byline belongs to (better-auth's `image`), for
// the author's page. Only a picture served by this site counts: a URL elsewhere (an
// import's Gravatar) would make every reader's browser ask another site.
import type { Kysely } from 'kysely';
import type { AuthorAvatar } from '@/core/content/types';
import type { Database } from '../schema';
import { parseVariants } from './map-rows';

const ownImage = /^\/images\/[\w.-]{1,200}$/;

export async function findAuthorAvatar(db: Kysely<Database>, authorId: number): Promise<AuthorAvatar | null> {
  return (await findAuthorAvatars(db, [authorId])).get(authorId) ?? null;
}

/** The pictures of several authors in one query (the Content API's list of authors); those without one are absent. */
export async function findAuthorAvatars(db: Kysely<Database>, authorIds: readonly number[]): Promise<Map<number, AuthorAvatar>> {
  if (authorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('authors')
    .innerJoin('auth_users', 'auth_users.id', 'authors.user_id')
    .leftJoin('media', 'media.path', 'auth_users.image')
    .select(['authors.id', 'auth_users.image', 'media.variants'])
    .where('authors.id', 'in', [...authorIds])
    .execute();
  const avatars = new Map<number, AuthorAvatar>();
  for (const row of rows) {
    if (!row.image || !ownImage.test(row.image)) continue;
    avatars.set(row.id, { path: row.image, variants: parseVariants(row.variants).filter((v) => v.format === 'webp') });
  }
  return avatars;
}
