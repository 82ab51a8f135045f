// The site's translation memory: the aligned segments of its published pairs (core/
// translation/segments), kept as distinct units per direction with the posts they came
// from, and a key index (CJK bigrams, words) that lets a lookup compare the query with
// the few units sharing its keys rather than with every unit. refreshPostMemory runs in
// the publishing transaction (live-translation.ts); createTranslationMemory answers the
// editor as a TranslationSuggester.
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '@/core/locales';
import { isOutdated } from '@/core/content/translation-status';
import { fuzzyThreshold, indexKeys, matchPercentage, matchTokens } from '@/core/translation/fuzzy-match';
import { alignBlocks, markdownBlocks, segmentBlockPair, untranslatedKinds, type Segment } from '@/core/translation/segments';
import type { Suggestion, TranslationSuggester } from '@/core/translation/suggester';
import type { Database } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Keys stored and looked up per text: the first ones, enough for texts that match at 70 % to share most. */
const keysPerText = 24;
/** Units compared per lookup, the ones sharing the most keys with the query. */
const candidatesPerLookup = 40;
/** A segment longer than this is not remembered: no translator reuses a whole chapter. */
const maxSegmentChars = 4000;
/** Words so common that sharing them says nothing; they would make every posting list long. */
const stopWords = new Set(['a', 'an', 'and', 'the', 'of', 'to', 'in', 'on', 'is', 'it', 'for', 'as', 'at', 'by', 'or', 'be', 'we', 'i', 'you', 'that', 'this', 'with', 'are', 'was', 'not', 'but']);

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
const hashOf = (text: string) => createHash('sha256').update(normalize(text)).digest('base64url');

/** The keys under which a text in direction `from>to` is indexed and looked up. */
export function memoryKeys(text: string, from: Locale, to: Locale): string[] {
  return indexKeys(text)
    .filter((key) => !stopWords.has(key))
    .slice(0, keysPerText)
    .map((key) => `${from}>${to}|${key}`);
}

interface UnitToStore {
  from: Locale;
  to: Locale;
  segment: Segment & { targetText: string };
}

/**
 * The units a published pair gives, in both directions: every pair of blocks, and inside
 * a block split into sentences (segments.ts) each pair of sentences too, so the editor's
 * block and a CAT tool's sentence both find their match. A whole block has sentence -1.
 */
function unitsOfPair(source: { locale: Locale; body: string }, target: { locale: Locale; body: string }): UnitToStore[] {
  const units: UnitToStore[] = [];
  const keep = (from: Locale, to: Locale, segment: Segment) => {
    if (segment.targetText === undefined || untranslatedKinds.has(segment.kind)) return;
    if (segment.sourceText.length > maxSegmentChars || segment.targetText.length > maxSegmentChars) return;
    if (matchTokens(segment.sourceText).length === 0 || segment.targetText.trim() === '') return;
    units.push({ from, to, segment: segment as UnitToStore['segment'] });
  };
  // Each text is parsed once, then aligned both ways.
  const sourceSide = { locale: source.locale, blocks: markdownBlocks(source.body) };
  const targetSide = { locale: target.locale, blocks: markdownBlocks(target.body) };
  for (const [a, b] of [
    [sourceSide, targetSide],
    [targetSide, sourceSide],
  ] as const) {
    for (const pair of alignBlocks(a.blocks, b.blocks)) {
      if (!pair.target) continue;
      const sentences = segmentBlockPair(pair.source, pair.target, pair.blockIndex, a.locale, b.locale);
      if (sentences.length > 1) keep(a.locale, b.locale, { sourceText: pair.source.text, targetText: pair.target.text, kind: pair.source.kind, blockIndex: pair.blockIndex, sentenceIndex: -1 });
      for (const segment of sentences) keep(a.locale, b.locale, segment);
    }
  }
  return units;
}

/**
 * Brings the memory of one post up to date with its live texts: its units are the pair's
 * segments while both languages are live and the translation is not behind its source.
 * An outdated pair keeps the units of its last up-to-date publication, so a translator
 * catching up is offered the earlier translation of every unchanged block.
 */
export async function refreshPostMemory(db: Db, postId: number, nowIso: string): Promise<void> {
  const post = await db.selectFrom('posts').select('source_locale').where('id', '=', postId).executeTakeFirst();
  const live = await db.selectFrom('live_translations').select(['locale', 'body', 'revision_id', 'based_on_revision_id']).where('post_id', '=', postId).execute();
  const source = live.find((row) => row.locale === post?.source_locale);
  const target = live.find((row) => row.locale !== post?.source_locale);
  if (source && target && isOutdated({ basedOnRevisionId: target.based_on_revision_id }, source.revision_id)) return;

  const previous = await db.selectFrom('translation_memory_links').select('unit_id').where('post_id', '=', postId).execute();
  await db.deleteFrom('translation_memory_links').where('post_id', '=', postId).execute();

  if (source && target) {
    const units = unitsOfPair({ locale: source.locale as Locale, body: source.body }, { locale: target.locale as Locale, body: target.body });
    const links = new Map<string, { unit_id: number; post_id: number; block_index: number; sentence_index: number }>();
    for (const { from, to, segment } of units) {
      const unitId = await storeUnit(db, from, to, segment, nowIso);
      const link = { unit_id: unitId, post_id: postId, block_index: segment.blockIndex, sentence_index: segment.sentenceIndex };
      links.set(`${unitId}:${segment.blockIndex}:${segment.sentenceIndex}`, link);
    }
    const rows = [...links.values()];
    for (let i = 0; i < rows.length; i += 200) await db.insertInto('translation_memory_links').values(rows.slice(i, i + 200)).execute();
  }

  // Units only this post held are forgotten with it.
  const candidates = [...new Set(previous.map((row) => row.unit_id))];
  for (let i = 0; i < candidates.length; i += 500) {
    const chunk = candidates.slice(i, i + 500);
    await db
      .deleteFrom('translation_memory_units')
      .where('id', 'in', chunk)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('translation_memory_links as l').select('l.unit_id').whereRef('l.unit_id', '=', 'translation_memory_units.id'))))
      .execute();
  }
}

/** The id of the unit for this segment, stored (with its keys) when new. */
async function storeUnit(db: Db, from: Locale, to: Locale, segment: UnitToStore['segment'], nowIso: string): Promise<number> {
  const identity = { from_locale: from, to_locale: to, source_hash: hashOf(segment.sourceText), target_hash: hashOf(segment.targetText) };
  const found = await db
    .selectFrom('translation_memory_units')
    .select('id')
    .where('from_locale', '=', from)
    .where('to_locale', '=', to)
    .where('source_hash', '=', identity.source_hash)
    .where('target_hash', '=', identity.target_hash)
    .executeTakeFirst();
  if (found) return found.id;
  const inserted = await db
    .insertInto('translation_memory_units')
    .values({ ...identity, source_text: segment.sourceText, target_text: segment.targetText, kind: segment.kind, updated_at: nowIso })
    .returning('id')
    .executeTakeFirstOrThrow();
  const keys = memoryKeys(segment.sourceText, from, to);
  if (keys.length > 0) await db.insertInto('translation_memory_keys').values(keys.map((key) => ({ key, unit_id: inserted.id }))).execute();
  return inserted.id;
}

export interface TranslationMemory extends TranslationSuggester {
  /** Up to `limit` suggestions, best first; 100 % first, then fuzzy matches from 70 %. */
  suggest(segment: string, from: Locale, to: Locale, limit?: number): Promise<Suggestion[]>;
  /** Rebuilds the whole memory from the live tables (after an import or for the benchmark); returns the posts read. */
  rebuild(nowIso?: string): Promise<number>;
  /** How many units the memory holds, per direction. */
  size(): Promise<number>;
}

export function createTranslationMemory(db: Kysely<Database>): TranslationMemory {
  return {
    async suggest(segment, from, to, limit = 3) {
      const text = segment.slice(0, maxSegmentChars);
      const tokens = matchTokens(text);
      if (tokens.length === 0) return [];
      const keys = memoryKeys(text, from, to);
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
      if (keys.length > 0) {
        // Units sharing too few keys cannot reach 70 %: a floor keeps the grouping small.
        const minShared = Math.max(1, Math.floor(keys.length * 0.4));
        const shared = await db
          .selectFrom('translation_memory_keys')
          .select(({ fn }) => ['unit_id', fn.countAll<number>().as('shared')])
          .where('key', 'in', keys)
          .groupBy('unit_id')
          .having(({ fn }) => fn.countAll(), '>=', minShared)
          .orderBy('shared', 'desc')
          .limit(candidatesPerLookup)
          .execute();
        for (const row of shared) ids.add(row.unit_id);
      }
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
      const origins = await db
        .selectFrom('translation_memory_links as l')
        .innerJoin('live_translations as t', (join) => join.onRef('t.post_id', '=', 'l.post_id').on('t.locale', '=', to))
        .select(['l.unit_id', 'l.post_id', 't.title', 't.slug'])
        .where(
          'l.unit_id',
          'in',
          best.map((x) => x.unit.id),
        )
        .orderBy('l.post_id', 'desc')
        .execute();
      return best.map(({ unit, percentage }) => {
        const origin = origins.find((row) => row.unit_id === unit.id);
        return { sourceText: unit.source_text, targetText: unit.target_text, percentage, origin: origin ? { postId: origin.post_id, title: origin.title, slug: origin.slug } : null };
      });
    },

    async rebuild(nowIso = new Date().toISOString()) {
      const posts = await db.selectFrom('live_translations').select('post_id').distinct().orderBy('post_id').execute();
      for (const { post_id } of posts) await db.transaction().execute((trx) => refreshPostMemory(trx, post_id, nowIso));
      return posts.length;
    },

    async size() {
      const row = await db.selectFrom('translation_memory_units').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
