// The Studio's media library: a page of files, newest first, found by words in a file's
// name or in its alt text or caption in either language, and by kind; with who uploaded
// each (for the edit rule) and the languages a subtitle or narration serves in the posts
// it is attached to. The words are matched as a substring, case folded, in the database.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Media, MediaKind } from '@/core/content/types';
import { isLocale, type Locale } from '@/core/locales';
import type { Database } from '../schema';
import { loadMediaByIds } from './load-posts';

export interface LibraryItem extends Media {
  uploadedBy: string | null;
  /** The languages it is attached in (a subtitle or narration of a post); empty when none. */
  languages: Locale[];
}

export interface LibrarySearch {
  /** Words to find; empty for every file. */
  query: string;
  kind: MediaKind | null;
  offset: number;
  limit: number;
}

/** `%words%` for LIKE, with the pattern's own characters taken literally. */
function containing(words: string): string {
  return `%${words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchMediaLibrary(db: Kysely<Database>, search: LibrarySearch): Promise<{ items: LibraryItem[]; total: number }> {
  const pattern = search.query ? containing(search.query) : null;
  const matches = (eb: ExpressionBuilder<Database, 'media'>): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    if (search.kind) conditions.push(eb('media.kind', '=', search.kind));
    if (pattern) {
      const like = (column: Expression<string | null>) => sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
      conditions.push(
        eb.or([
          like(eb.ref('media.path')),
          eb.exists(
            eb
              .selectFrom('media_texts')
              .select(sql`1`.as('one'))
              .whereRef('media_texts.media_id', '=', 'media.id')
              .where((t) => t.or([like(t.ref('media_texts.alt')), like(t.ref('media_texts.caption'))])),
          ),
        ]),
      );
    }
    return eb.and(conditions);
  };
  const [rows, count] = await Promise.all([
    db.selectFrom('media').select(['id', 'uploaded_by']).where(matches).orderBy('id', 'desc').limit(search.limit).offset(search.offset).execute(),
    db.selectFrom('media').select((eb) => eb.fn.countAll<number | string>().as('n')).where(matches).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.id);
  const [media, attached] = await Promise.all([
    loadMediaByIds(db, ids),
    ids.length === 0
      ? []
      : db.selectFrom('post_media').select(['media_id', 'locale']).where('media_id', 'in', ids).where('role', 'in', ['subtitle', 'narration']).execute(),
  ]);
  const languages = new Map<number, Set<Locale>>();
  for (const row of attached) {
    if (row.locale && isLocale(row.locale)) languages.set(row.media_id, (languages.get(row.media_id) ?? new Set()).add(row.locale));
  }
  const items = rows.flatMap((r) => {
    const found = media.get(r.id);
    return found ? [{ ...found, uploadedBy: r.uploaded_by, languages: [...(languages.get(r.id) ?? [])].sort() }] : [];
  });
  return { items, total: Number(count.n) };
}
