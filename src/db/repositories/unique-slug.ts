// A slug for one language that no other post uses, as a draft or on the site: the one
// asked for when it is free, else the same with -2, -3… Generated slugs carry no random
// suffix; a number appears only when another post already has the address.
import type { Kysely } from 'kysely';
import type { Locale } from '@/core/locales';
import type { Database } from '../schema';

export async function isSlugTaken(db: Kysely<Database>, locale: Locale, slug: string, postId: number | null): Promise<boolean> {
  const [draft, live] = await Promise.all([
    db.selectFrom('post_translations').select('id').where('locale', '=', locale).where('slug', '=', slug).$if(postId !== null, (qb) => qb.where('post_id', '<>', postId!)).executeTakeFirst(),
    db.selectFrom('live_translations').select('translation_id').where('locale', '=', locale).where('slug', '=', slug).$if(postId !== null, (qb) => qb.where('post_id', '<>', postId!)).executeTakeFirst(),
  ]);
  return Boolean(draft || live);
}

export async function uniqueSlug(db: Kysely<Database>, locale: Locale, base: string, postId: number | null): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await isSlugTaken(db, locale, candidate, postId))) return candidate;
  }
  return `${base}-${Date.now().toString(36)}`;
}
