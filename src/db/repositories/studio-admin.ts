// The Studio's writes around the posts: tags, author profiles, the site's time zone, the
// words of a media file, and people's roles. The site's identity is site-settings.ts.
import type { Kysely } from 'kysely';
import type { Role } from '@/core/auth/permissions';
import type { Author, Media, MediaKind, Tag } from '@/core/content/types';
import { AppError } from '@/core/errors/app-error';
import type { AuthorProfileInput, MediaTextInput, TagInput } from '@/core/studio/inputs';
import { locales } from '@/core/locales';
import type { Database } from '../schema';
import { inTransaction as write } from '../transaction';
import { loadMediaByIds } from './load-posts';
import { foldAuthors, foldTags } from './map-rows';

export function createStudioAdmin(db: Kysely<Database>) {
  return {
    async listTags(): Promise<Tag[]> {
      const rows = await db
        .selectFrom('tags')
        .leftJoin('tag_texts', 'tag_texts.tag_id', 'tags.id')
        .select(['tags.id', 'tags.key', 'tag_texts.locale', 'tag_texts.name', 'tag_texts.slug'])
        .orderBy('tags.key')
        .execute();
      return [...foldTags(rows).values()];
    },

    /** Creates (id null) or replaces a tag's key and its names and slugs. */
    saveTag: (id: number | null, input: TagInput) =>
      write(db, async (trx) => {
        let tagId = id;
        if (tagId === null) {
          tagId = (await trx.insertInto('tags').values({ key: input.key, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
        } else {
          const updated = await trx.updateTable('tags').set({ key: input.key }).where('id', '=', tagId).executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', 'There is no such tag.');
          await trx.deleteFrom('tag_texts').where('tag_id', '=', tagId).execute();
        }
        const texts = locales.flatMap((l) => {
          const text = input.names[l];
          return text ? [{ tag_id: tagId!, locale: l, name: text.name, slug: text.slug }] : [];
        });
        if (texts.length) await trx.insertInto('tag_texts').values(texts).execute();
        return tagId;
      }),

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

    /** The site's time zone; the server's own until an owner picks one. */
    async getTimeZone(): Promise<string> {
      const row = await db.selectFrom('settings').select('value').where('locale', '=', '*').where('key', '=', 'timeZone').executeTakeFirst();
      return row?.value ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    },

    saveTimeZone: (timeZone: string) =>
      write(db, async (trx) => {
        await trx
          .insertInto('settings')
          .values({ locale: '*', key: 'timeZone', value: timeZone })
          .onConflict((oc) => oc.columns(['locale', 'key']).doUpdateSet({ value: timeZone }))
          .execute();
      }),

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

    async listUsers(): Promise<Array<{ id: string; name: string; email: string; role: string }>> {
      return db.selectFrom('auth_users').select(['id', 'name', 'email', 'role']).orderBy('created_at').execute();
    },

    async getUser(id: string) {
      return db.selectFrom('auth_users').select(['id', 'name', 'email', 'role']).where('id', '=', id).executeTakeFirst();
    },

    /** A new role ends the account's sessions, so no session carries the old one. */
    setRole: (id: string, role: Role) =>
      write(db, async (trx) => {
        if (role !== 'owner') {
          const owners = await trx.selectFrom('auth_users').select('id').where('role', '=', 'owner').execute();
          if (owners.length === 1 && owners[0]!.id === id) throw new AppError('CONFLICT', 'The site must keep at least one owner.', { fields: { role: ['The last owner must stay owner.'] } });
        }
        await trx.updateTable('auth_users').set({ role, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
        await trx.deleteFrom('auth_sessions').where('user_id', '=', id).execute();
      }),

    /** Removes an account; its byline and posts stay (ownership passes to nobody). */
    removeUser: (id: string) =>
      write(db, async (trx) => {
        const user = await trx.selectFrom('auth_users').select('role').where('id', '=', id).executeTakeFirst();
        if (!user) throw new AppError('NOT_FOUND', 'There is no such account.');
        if (user.role === 'owner') {
          const owners = await trx.selectFrom('auth_users').select('id').where('role', '=', 'owner').execute();
          if (owners.length === 1) throw new AppError('CONFLICT', 'The site must keep at least one owner.');
        }
        await trx.deleteFrom('auth_users').where('id', '=', id).execute();
      }),
  };
}

export type StudioAdmin = ReturnType<typeof createStudioAdmin>;
