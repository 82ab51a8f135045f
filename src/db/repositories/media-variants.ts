// Variants added to a media row after its upload: a video's MP4 copy, made in the
// background (server/media/video-rendition.ts) once the upload has answered.
import type { Kysely } from 'kysely';
import type { MediaVariant } from '@/core/content/types';
import type { Database } from '../schema';
import { parseVariants } from './map-rows';

/**
 * Records `variant` on the row (replacing one of the same format) and, when the row
 * does not know its frame size yet, takes the variant's: a video's size is learnt here.
 */
export async function addMediaVariant(db: Kysely<Database>, mediaId: number, variant: MediaVariant): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('media').select(['variants', 'width', 'height']).where('id', '=', mediaId).executeTakeFirst();
    if (!row) return false;
    const variants = [...parseVariants(row.variants).filter((v) => v.format !== variant.format), variant];
    const isSized = row.width !== null && row.height !== null;
    await trx
      .updateTable('media')
      .set({
        variants: JSON.stringify(variants),
        width: isSized ? row.width : variant.width,
        height: isSized ? row.height : variant.height,
      })
      .where('id', '=', mediaId)
      .execute();
    return true;
  });
}
