// An account's picture (better-auth's `image`), chosen in the Studio from the media library
// and shown on the account's author page (author-avatar.ts reads it). Only the library's
// own images may be chosen, so a reader's browser never asks another site for one.
import type { Kysely } from 'kysely';
import { AppError } from '@/core/errors/app-error';
import type { Database } from '../schema';

/** The library image the account shows, or null (none, or a picture from elsewhere). */
export async function findProfilePicture(db: Kysely<Database>, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('auth_users')
    .innerJoin('media', 'media.path', 'auth_users.image')
    .select('media.id')
    .where('auth_users.id', '=', userId)
    .where('media.kind', '=', 'image')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Shows this library image as the account's picture, or none; refuses anything but an image. */
export async function saveProfilePicture(db: Kysely<Database>, userId: string, mediaId: number | null): Promise<void> {
  let path: string | null = null;
  if (mediaId !== null) {
    const image = await db.selectFrom('media').select(['path', 'kind']).where('id', '=', mediaId).executeTakeFirst();
    if (image?.kind !== 'image') {
      const message = 'The picture must be an image from the media library.';
      throw new AppError('VALIDATION', message, { fields: { imageMediaId: [message] }, reason: 'picture-not-image' });
    }
    path = image.path;
  }
  await db.updateTable('auth_users').set({ image: path, updated_at: new Date().toISOString() }).where('id', '=', userId).execute();
}
