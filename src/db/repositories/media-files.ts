// The media files as the Studio manages them: the library's newest files, who uploaded
// one, and the alt text and caption of a file in each language. The library's search is
// media-library.ts.
import type { Kysely } from 'kysely';
import type { Media, MediaKind } from '@/core/content/types';
import { AppError } from '@/core/errors/app-error';
import type { MediaTextInput } from '@/core/studio/inputs';
import { locales } from '@/core/locales';
import type { Database } from '../schema';
import { inTransaction as write } from '../transaction';
import { loadMediaByIds } from './load-posts';

export function createMediaFiles(db: Kysely<Database>) {
  return {
    /** The library, newest first (of some kinds only, if asked), each file with the account that uploaded it (for media.edit). */
    async listMedia(options: { limit: number; kinds?: MediaKind[] }): Promise<Array<Media & { uploadedBy: string | null }>> {
      const rows = await db
        .selectFrom('media')
        .select(['id', 'uploaded_by'])
        .$if(options.kinds !== undefined, (qb) => qb.where('kind', 'in', options.kinds!))
        .orderBy('id', 'desc')
        .limit(options.limit)
        .execute();
      const media = await loadMediaByIds(db, rows.map((r) => r.id));
      return rows.flatMap((r) => {
        const found = media.get(r.id);
        return found ? [{ ...found, uploadedBy: r.uploaded_by }] : [];
      });
    },


    /** Who uploaded a file: an account id, null when unknown, undefined when there is no such file. */
    async mediaUploader(mediaId: number): Promise<string | null | undefined> {
      const row = await db.selectFrom('media').select('uploaded_by').where('id', '=', mediaId).executeTakeFirst();
      return row ? row.uploaded_by : undefined;
    },

    saveMediaTexts: (input: MediaTextInput) =>
      write(db, async (trx) => {
        const media = await trx.selectFrom('media').select('id').where('id', '=', input.mediaId).executeTakeFirst();
        if (!media) throw new AppError('NOT_FOUND', 'There is no such media file.', { fields: { mediaId: ['No such file.'] } });
        await trx.deleteFrom('media_texts').where('media_id', '=', input.mediaId).execute();
        const texts = locales.flatMap((l) => {
          const alt = input.alt[l] ?? null;
          const caption = input.caption[l] ?? null;
          return alt || caption ? [{ media_id: input.mediaId, locale: l, alt, caption }] : [];
        });
        if (texts.length) await trx.insertInto('media_texts').values(texts).execute();
      }),
  };
}
