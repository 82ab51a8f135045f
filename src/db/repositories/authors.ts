// Author profiles (bylines): a handle, and a name and bio per language, each perhaps
// tied to an account.
import type { Kysely } from 'kysely';
import type { Author } from '@/core/content/types';
import { AppError } from '@/core/errors/app-error';
import type { AuthorProfileInput } from '@/core/studio/inputs';
import { locales } from '@/core/locales';
import type { Database } from '../schema';
import { inTransaction as write } from '../transaction';
import { foldAuthors } from './map-rows';

export function createAuthorRepository(db: Kysely<Database>) {
  return {
    async listAuthors(): Promise<Array<Author & { userId: string | null }>> {
      const rows = await db
        .selectFrom('authors')
        .leftJoin('author_texts', 'author_texts.author_id', 'authors.id')
        .select(['authors.id', 'authors.handle', 'authors.user_id', 'author_texts.locale', 'author_texts.name', 'author_texts.bio'])
        .orderBy('authors.handle')
        .execute();
      const users = new Map(rows.map((r) => [r.id, r.user_id]));
      return [...foldAuthors(rows).values()].map((a) => ({ ...a, userId: users.get(a.id) ?? null }));
    },

    async authorUserId(id: number): Promise<string | null | undefined> {
      const row = await db.selectFrom('authors').select('user_id').where('id', '=', id).executeTakeFirst();
      return row ? row.user_id : undefined;
    },

    saveAuthor: (id: number, input: AuthorProfileInput) =>
      write(db, async (trx) => {
        const updated = await trx.updateTable('authors').set({ handle: input.handle }).where('id', '=', id).executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', 'There is no such author.');
        await trx.deleteFrom('author_texts').where('author_id', '=', id).execute();
        const texts = locales.flatMap((l) => {
          const name = input.name[l];
          return name ? [{ author_id: id, locale: l, name, bio: input.bio[l] ?? '' }] : [];
        });
        if (texts.length) await trx.insertInto('author_texts').values(texts).execute();
      }),
  };
}
