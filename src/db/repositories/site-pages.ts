// The site's pages (not posts) by language, with the address each holds as a draft or on
// the site: what an import compares its pages with, so the header never gets a second
// link to one address (core/import/hold-duplicate-pages.ts).
import type { Kysely } from 'kysely';
import type { SitePage } from '@/core/import/hold-duplicate-pages';
import { isLocale } from '@/core/locales';
import type { Database } from '../schema';

export async function listSitePages(db: Kysely<Database>): Promise<SitePage[]> {
  const [drafts, live] = await Promise.all([
    db.selectFrom('post_translations as t').innerJoin('posts as p', 'p.id', 't.post_id').select(['t.locale', 't.slug', 't.title']).where('p.kind', '=', 'page').execute(),
    db.selectFrom('live_translations as t').innerJoin('posts as p', 'p.id', 't.post_id').select(['t.locale', 't.slug', 't.title']).where('p.kind', '=', 'page').execute(),
  ]);
  const pages = new Map<string, SitePage>();
  for (const row of [...live, ...drafts]) {
    if (isLocale(row.locale) && !pages.has(`${row.locale}/${row.slug}`)) pages.set(`${row.locale}/${row.slug}`, { locale: row.locale, slug: row.slug, title: row.title });
  }
  return [...pages.values()];
}
