// Tags: their keys, and a name, a slug and a description per language.
import type { Kysely } from 'kysely';
import type { PerLocale, Tag } from '@/core/content/types';
import { AppError } from '@/core/errors/app-error';
import type { TagInput } from '@/core/studio/inputs';
import { locales } from '@/core/locales';
import type { Database } from '../schema';
import { inTransaction as write } from '../transaction';
import { foldTags } from './map-rows';

/** The tag whose name has this slug in this language, if one has. */
export async function tagIdBySlug(db: Kysely<Database>, locale: string, slug: string): Promise<number | undefined> {
  return (await db.selectFrom('tag_texts').select('tag_id').where('locale', '=', locale).where('slug', '=', slug).executeTakeFirst())?.tag_id;
}

/** The first key of `base`, `base-2`, `base-3`… no tag has. */
export async function freeTagKey(db: Kysely<Database>, base: string): Promise<string> {
  let key = base;
  for (let n = 2; await db.selectFrom('tags').select('id').where('key', '=', key).executeTakeFirst(); n += 1) key = `${base}-${n}`;
  return key;
}

export function createTagRepository(db: Kysely<Database>) {
  return {
    async listTags(): Promise<Tag[]> {
      const rows = await db
        .selectFrom('tags')
        .leftJoin('tag_texts', 'tag_texts.tag_id', 'tags.id')
        .select(['tags.id', 'tags.key', 'tag_texts.locale', 'tag_texts.name', 'tag_texts.slug', 'tag_texts.description'])
        .orderBy('tags.key')
        .execute();
      return [...foldTags(rows).values()];
    },

    /**
     * Creates (id null) or replaces a tag's key and its names and slugs, and its descriptions
     * when the input has them (kept as they were when it does not).
     */
    saveTag: (id: number | null, input: TagInput) =>
      write(db, async (trx) => {
        let tagId = id;
        const kept = new Map<string, string>();
        if (tagId === null) {
          tagId = (await trx.insertInto('tags').values({ key: input.key, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
        } else {
          const updated = await trx.updateTable('tags').set({ key: input.key }).where('id', '=', tagId).executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', 'There is no such tag.');
          if (!input.descriptions) {
            for (const row of await trx.selectFrom('tag_texts').select(['locale', 'description']).where('tag_id', '=', tagId).execute()) kept.set(row.locale, row.description);
          }
          await trx.deleteFrom('tag_texts').where('tag_id', '=', tagId).execute();
        }
        const texts = locales.flatMap((l) => {
          const text = input.names[l];
          const description = input.descriptions ? (input.descriptions[l] ?? '') : (kept.get(l) ?? '');
          return text ? [{ tag_id: tagId!, locale: l, name: text.name, slug: text.slug, description }] : [];
        });
        if (texts.length) await trx.insertInto('tag_texts').values(texts).execute();
        return tagId;
      }),

    /** Gives a tag the descriptions it lacks (an import's), never replacing one it has. */
    async fillDescriptions(tagId: number, descriptions: PerLocale<string>): Promise<void> {
      for (const locale of locales) {
        const description = descriptions[locale];
        if (!description) continue;
        await db.updateTable('tag_texts').set({ description }).where('tag_id', '=', tagId).where('locale', '=', locale).where('description', '=', '').execute();
      }
    },
  };
}
