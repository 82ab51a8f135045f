// What XLIFF export and import read: the source and target drafts of chosen posts in one
// direction, the posts in given Translations-view states, and the site's published,
// up-to-date pairs that make the memory (TMX). Bodies are read here on purpose (these are
// exports, not lists), in batches by id.
import type { Kysely } from 'kysely';
import type { BoardState } from '@/core/translation/board';
import type { ExchangeText } from '@/core/translation/exchange';
import { isLocale, type Locale } from '@/core/locales';
import type { Database } from '../schema';
import { unpackText } from '../stored-text';
import { draftBody, liveBody } from './live-body';
import { createTranslationBoard } from './translation-board';

const batch = 500;

export interface ExchangePost extends ExchangeText {
  ownerUserId: string | null;
  target: { revisionId: number; slug: string; excerpt: string; seoTitle: string | null; seoDescription: string | null } | null;
}

export function createTranslationExchange(db: Kysely<Database>) {
  return {
    /** The posts whose translation into `to` is in one of `states`, oldest id first. */
    async postIdsInStates(states: readonly BoardState[], to: Locale, ownerUserId?: string): Promise<number[]> {
      return createTranslationBoard(db).idsInStates(states, to, ownerUserId);
    },

    /** Each post's source draft and its draft in `to`; posts written in `to` are left out. */
    async loadTexts(postIds: readonly number[], to: Locale): Promise<ExchangePost[]> {
      const out: ExchangePost[] = [];
      for (let i = 0; i < postIds.length; i += batch) {
        const ids = postIds.slice(i, i + batch);
        const rows = await db
          .selectFrom('posts as p')
          .innerJoin('post_translations as s', (j) => j.onRef('s.post_id', '=', 'p.id').onRef('s.locale', '=', 'p.source_locale'))
          .leftJoin('post_translations as t', (j) => j.onRef('t.post_id', '=', 'p.id').on('t.locale', '=', to))
          .select([
            'p.id',
            'p.source_locale',
            'p.owner_user_id',
            's.title as s_title',
            draftBody('s').as('s_body'),
            's.revision_id as s_revision',
            't.title as t_title',
            't.id as t_id',
            draftBody('t').as('t_body'),
            't.revision_id as t_revision',
            't.slug as t_slug',
            't.excerpt as t_excerpt',
            't.seo_title as t_seo_title',
            't.seo_description as t_seo_description',
          ])
          .where('p.id', 'in', ids as number[])
          .where('p.source_locale', '<>', to)
          .orderBy('p.id')
          .execute();
        for (const r of rows) {
          if (!isLocale(r.source_locale) || r.s_revision === null) continue;
          out.push({
            postId: r.id,
            ownerUserId: r.owner_user_id,
            sourceLocale: r.source_locale,
            targetLocale: to,
            sourceRevisionId: r.s_revision,
            title: { source: r.s_title, target: r.t_title },
            body: { source: unpackText(r.s_body), target: r.t_id === null ? null : unpackText(r.t_body) },
            target:
              r.t_revision !== null && r.t_slug !== null
                ? { revisionId: r.t_revision, slug: r.t_slug, excerpt: r.t_excerpt ?? '', seoTitle: r.t_seo_title, seoDescription: r.t_seo_description }
                : null,
          });
        }
      }
      return out;
    },

    /**
     * The published pairs, `from` → `to`: both languages live and the translation made from
     * the source as readers see it (not outdated), whichever language the post was written in.
     */
    async *publishedPairs(from: Locale, to: Locale): AsyncGenerator<ExchangeText> {
      let after = 0;
      for (;;) {
        const rows = await db
          .selectFrom('posts as p')
          .innerJoin('live_translations as a', (j) => j.onRef('a.post_id', '=', 'p.id').on('a.locale', '=', from))
          .innerJoin('live_translations as b', (j) => j.onRef('b.post_id', '=', 'p.id').on('b.locale', '=', to))
          .select(['p.id', 'p.source_locale', 'a.title as a_title', 'a.revision_id as a_revision', 'a.based_on_revision_id as a_based', 'b.title as b_title', 'b.revision_id as b_revision', 'b.based_on_revision_id as b_based'])
          .select([liveBody('a').as('a_body'), liveBody('b').as('b_body')])
          .where('p.id', '>', after)
          .orderBy('p.id')
          .limit(batch)
          .execute();
        if (rows.length === 0) return;
        for (const r of rows) {
          after = r.id;
          // The translation must be made from the live source, or it pairs two different texts.
          const upToDate = r.source_locale === from ? (r.b_based ?? 0) >= r.a_revision : (r.a_based ?? 0) >= r.b_revision;
          if (!upToDate) continue;
          yield {
            postId: r.id,
            sourceLocale: from,
            targetLocale: to,
            sourceRevisionId: r.a_revision,
            title: { source: r.a_title, target: r.b_title },
            body: { source: unpackText(r.a_body), target: unpackText(r.b_body) },
          };
        }
      }
    },
  };
}
