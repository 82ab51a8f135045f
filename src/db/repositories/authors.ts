// Author profiles (bylines): a handle, and a name and bio per language, each perhaps
// tied to an account.
import type { Kysely } from 'kysely';
import type { Author } from '@/core/content/types';
import { AppError } from '@/core/errors/app-error';
import type { AuthorProfileInput } from '@/core/studio/inputs';
import { slugify } from '@/core/content/slugify';
import { locales } from '@/core/locales';
import type { Database } from '../schema';
import { inTransaction as write } from '../transaction';
import { foldAuthors } from './map-rows';

/**
 * The first handle of `base`, `base-2`, `base-3`… no author has, looking at most `tries`
 * candidates; null when all are taken.
 */
export async function freeHandle(db: Kysely<Database>, base: string, tries = Number.POSITIVE_INFINITY): Promise<string | null> {
  for (let n = 1; n <= tries; n++) {
    const handle = n === 1 ? base : `${base}-${n}`;
    if (!(await db.selectFrom('authors').select('id').where('handle', '=', handle).executeTakeFirst())) return handle;
  }
  return null;
}

export function createAuthorRepository(db: Kysely<Database>) {
  return {
    /** The byline of an account, if it has one. */
    async authorIdOfUser(userId: string): Promise<number | null> {
      const row = await db.selectFrom('authors').select('id').where('user_id', '=', userId).executeTakeFirst();
      return row?.id ?? null;
    },

    /**
     * A new account's byline: the account's name in every language, under a handle made
     * from the name (with a number when taken). Null when no free handle was found.
     */
    createByline: async (userId: string, name: string): Promise<number | null> => {
      const handle = await freeHandle(db, slugify(name, 'en') || 'author', 99);
      if (handle === null) return null;
      return write(db, async (trx) => {
        const { id } = await trx.insertInto('authors').values({ handle, created_at: new Date().toISOString(), user_id: userId }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('author_texts').values(locales.map((locale) => ({ author_id: id, locale, name, bio: '' }))).execute();
        return id;
      });
    },

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
