// Old addresses of texts (imported Hugo aliases): recorded once per path and language, and
// looked up when a reader asks for a path no route claims, to send them to the text's
// current address. A path already recorded keeps the text it first led to.
import type { Kysely } from 'kysely';
import type { PostKind } from '@/core/content/types';
import { isLocale, type Locale } from '@/core/locales';
import type { Database } from '../schema';

export interface RedirectTarget {
  kind: PostKind;
  locale: Locale;
  slug: string;
}

export function createRedirects(db: Kysely<Database>) {
  return {
    /** Records `paths` as old addresses of the post's text in `locale`; returns how many were new. */
    async add(postId: number, locale: Locale, paths: readonly string[], now = new Date()): Promise<number> {
      let added = 0;
      for (const path of new Set(paths)) {
        const result = await db
          .insertInto('redirects')
          .values({ path, locale, post_id: postId, created_at: now.toISOString() })
          .onConflict((oc) => oc.columns(['path', 'locale']).doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return added;
    },

    /**
     * Where an old address leads a reader of `locale`: the text in that language when the
     * address was its own and it is published, else the other language's published text.
     */
    async find(path: string, locale: Locale): Promise<RedirectTarget | null> {
      const rows = await db
        .selectFrom('redirects as r')
        .innerJoin('posts as p', 'p.id', 'r.post_id')
        .innerJoin('live_translations as l', 'l.post_id', 'r.post_id')
        .select(['r.locale as aliasLocale', 'l.locale', 'l.slug', 'p.kind'])
        .where('r.path', '=', path)
        .execute();
      const rank = (row: (typeof rows)[number]) => (row.aliasLocale === locale ? 0 : 2) + (row.locale === row.aliasLocale ? 0 : 1);
      const best = rows.sort((a, b) => rank(a) - rank(b))[0];
      if (!best || !isLocale(best.locale)) return null;
      return { kind: best.kind === 'page' ? 'page' : 'post', locale: best.locale, slug: best.slug };
    },

    /** The old addresses of a post, for the report and tests. */
    listForPost(postId: number): Promise<Array<{ path: string; locale: string }>> {
      return db.selectFrom('redirects').select(['path', 'locale']).where('post_id', '=', postId).orderBy('locale').orderBy('path').execute();
    },
  };
}
