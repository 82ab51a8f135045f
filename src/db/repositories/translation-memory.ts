// The site's translation memory: the aligned segments of its published pairs (core/
// translation/memory-units), kept as distinct units per direction with the posts they came
// from, and a key index (CJK bigrams, words; translation-memory-keys.ts) that lets a
// lookup compare the query with the few units sharing its keys rather than with every
// unit. The memory is written by
// translation-memory-store.ts, in the publishing transaction (live-translation.ts);
// createTranslationMemory answers the editor as a TranslationSuggester and rebuilds it.
import type { Kysely } from 'kysely';
import type { Locale } from '@/core/locales';
import { fuzzyThreshold, matchPercentage, matchTokens } from '@/core/translation/fuzzy-match';
import { maxSegmentChars, memoryKeyHashes, normalizeSegment as normalize, segmentHash as hashOf } from '@/core/translation/memory-units';
import type { MarkdownBlock } from '@/core/translation/segments';
import type { Suggestion, TranslationSuggester } from '@/core/translation/suggester';
import type { Database } from '../schema';
import { unpackText } from '../stored-text';
import { liveBody } from './live-body';
import { originsOf } from './memory-links';
import { unitsSharingKeys } from './translation-memory-keys';
import { refreshPostsMemory } from './translation-memory-store';

/** Units compared per lookup, the ones sharing the most keys with the query. */
const candidatesPerLookup = 40;
/** Posts a rebuild refreshes per transaction: a few set-wise statements each, short enough not to hold other writers long. */
const postsPerRebuildBatch = 200;
/** Texts given to `cut` at once: enough to keep the render pool's workers busy, far below its queue's bound. */
const cutsAtOnce = 8;

export interface TranslationMemory extends TranslationSuggester {
  /** Up to `limit` suggestions, best first; 100 % first, then fuzzy matches from 70 %. */
  suggest(segment: string, from: Locale, to: Locale, limit?: number): Promise<Suggestion[]>;
  /**
   * Rebuilds the whole memory from the live tables (after an import or for the benchmark);
   * returns the posts read. `cut` cuts a text into its Markdown blocks (the render pool's
   * workers on a server); without it, this thread parses them.
   */
  rebuild(cut?: (markdown: string) => Promise<MarkdownBlock[]>): Promise<number>;
  /** How many units the memory holds, per direction. */
  size(): Promise<number>;
}

export function createTranslationMemory(db: Kysely<Database>): TranslationMemory {
  return {
    async suggest(segment, from, to, limit = 3) {
      const text = segment.slice(0, maxSegmentChars);
      const tokens = matchTokens(text);
      if (tokens.length === 0) return [];
      const keys = memoryKeyHashes(text, from, to);
      const ids = new Set<number>();
      const exact = await db
        .selectFrom('translation_memory_units')
        .select('id')
        .where('from_locale', '=', from)
        .where('to_locale', '=', to)
        .where('source_hash', '=', hashOf(text))
        .limit(candidatesPerLookup)
        .execute();
      for (const row of exact) ids.add(row.id);
      // Units sharing too few keys cannot reach 70 %: a floor keeps the grouping small.
      for (const row of await unitsSharingKeys(db, keys, Math.max(1, Math.floor(keys.length * 0.4)), candidatesPerLookup)) ids.add(row.unit_id);
      if (ids.size === 0) return [];
      const units = await db.selectFrom('translation_memory_units').select(['id', 'source_text', 'target_text']).where('id', 'in', [...ids]).execute();
      const scored = units
        .map((unit) => ({ unit, percentage: matchPercentage(text, unit.source_text, tokens) }))
        .filter((x) => x.percentage >= fuzzyThreshold)
        .sort((a, b) => b.percentage - a.percentage || a.unit.id - b.unit.id);
      const best: typeof scored = [];
      const seen = new Set<string>();
      for (const x of scored) {
        const key = normalize(x.unit.target_text);
        if (seen.has(key)) continue;
        seen.add(key);
        best.push(x);
        if (best.length >= limit) break;
      }
      if (best.length === 0) return [];
      const origins = await originsOf(
        db,
        best.map((x) => x.unit.id),
        to,
      );
      return best.map(({ unit, percentage }) => {
        const origin = origins.find((row) => row.unit_id === unit.id);
        return { sourceText: unit.source_text, targetText: unit.target_text, percentage, origin: origin ? { postId: origin.post_id, title: origin.title, slug: origin.slug } : null };
      });
    },

    async rebuild(cut?: (markdown: string) => Promise<MarkdownBlock[]>) {
      const posts = (await db.selectFrom('live_translations').select('post_id').distinct().orderBy('post_id').execute()).map((row) => row.post_id);
      for (let i = 0; i < posts.length; i += postsPerRebuildBatch) {
        const batch = posts.slice(i, i + postsPerRebuildBatch);
        // The texts cut before the transaction (a text changed meanwhile is cut in it instead).
        const blocks = new Map<string, MarkdownBlock[]>();
        if (cut) {
          const bodies = [...new Set((await db.selectFrom('live_translations').select(liveBody().as('body')).where('post_id', 'in', batch).execute()).map((row) => unpackText(row.body)))];
          for (let j = 0; j < bodies.length; j += cutsAtOnce) {
            await Promise.all(bodies.slice(j, j + cutsAtOnce).map(async (body) => blocks.set(body, await cut(body))));
          }
        }
        await db.transaction().execute((trx) => refreshPostsMemory(trx, batch, blocks));
      }
      return posts.length;
    },

    async size() {
      const row = await db.selectFrom('translation_memory_units').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
