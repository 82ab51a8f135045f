// The media files as the Studio manages them: the library's newest files, who uploaded
// one, the alt text and caption of a file in each language, a file by its stored path
// (the same bytes are one entry), the library's total size, and its images' sizes for
// rendering. The library's search is media-library.ts.
import type { Kysely } from 'kysely';
import type { Media, MediaKind } from '@/core/content/types';
import type { ImageSize } from '@/core/markdown/rehype-images';
import { AppError } from '@/core/errors/app-error';
import type { MediaTextInput } from '@/core/studio/inputs';
import { locales } from '@/core/locales';
import type { Database } from '../schema';
import { inTransaction as write } from '../transaction';
import { loadMediaByIds } from './load-posts';
import { parseVariants } from './map-rows';

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

    /** The file stored at `path` (a content-addressed name), if the library has it. */
    findByPath(path: string): Promise<{ id: number; path: string } | undefined> {
      return db.selectFrom('media').select(['id', 'path']).where('path', '=', path).executeTakeFirst();
    },

    /** The bytes the library holds, every file counted once. */
    async totalBytes(): Promise<number> {
      const row = await db.selectFrom('media').select((eb) => eb.fn.sum<number | string | null>('bytes').as('total')).executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** Every image with a known size, by path, with its WebP variants (for rendering texts that show them). */
    async imageSizes(): Promise<Map<string, ImageSize>> {
      const rows = await db.selectFrom('media').select(['path', 'width', 'height', 'variants']).where('kind', '=', 'image').execute();
      const images = new Map<string, ImageSize>();
      for (const row of rows) {
        if (!row.width || !row.height) continue;
        const variants = parseVariants(row.variants)
          .filter((v) => v.format === 'webp')
          .map((v) => ({ width: v.width, path: v.path }));
        images.set(row.path, { width: row.width, height: row.height, variants });
      }
      return images;
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
