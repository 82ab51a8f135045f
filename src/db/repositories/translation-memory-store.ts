// Writes the translation memory: brings the units and links of some posts up to date with
// their live texts, in the caller's transaction (a publish's, or a rebuild's batch). Every
// table is written with a few set-wise statements whatever the number of units (look the
// units up per direction, insert the new ones and their keys, insert the links), not a
// round trip per unit: the memory is refreshed in every publishing transaction, and an
// import publishes one post after another (docs/performance.md, "Adding a post").
import type { Kysely, Transaction } from 'kysely';
import { isOutdated } from '@/core/content/translation-status';
import type { PerLocale } from '@/core/content/types';
import type { RenderedDocument } from '@/core/markdown/render-document';
import { locales, type Locale } from '@/core/locales';
import { memoryKeyHashes, segmentHash, unitsOfPair, type MemoryUnit } from '@/core/translation/memory-units';
import { markdownBlocks, type MarkdownBlock } from '@/core/translation/segments';
import type { Database } from '../schema';
import { unpackText, type StoredText } from '../stored-text';
import { liveBody } from './live-body';
import { forgetUnheld, replaceLinks, unitsHeldBy } from './memory-links';
import { chunks } from './statement-chunks';
import { keysColumn, storeKeys } from './translation-memory-keys';

type Db = Kysely<Database> | Transaction<Database>;

/** Blocks of Markdown texts already cut by the render worker, by text: those are not parsed again. */
export type CutBlocks = ReadonlyMap<string, readonly MarkdownBlock[]>;

/** The Markdown blocks fresh renderings brought (RenderedDocument.markdownBlocks), by text. */
export function cutBlocksOf(texts: PerLocale<{ body: string }>, rendered: PerLocale<RenderedDocument>): CutBlocks {
  const cut = new Map<string, readonly MarkdownBlock[]>();
  for (const locale of locales) {
    const blocks = rendered[locale]?.markdownBlocks;
    const body = texts[locale]?.body;
    if (blocks && body !== undefined) cut.set(body, blocks);
  }
  return cut;
}


interface Identity {
  from_locale: Locale;
  to_locale: Locale;
  source_hash: string;
  target_hash: string;
}
const identityKey = (row: Identity) => `${row.from_locale}>${row.to_locale}|${row.source_hash}|${row.target_hash}`;

/** Brings the memory of one post up to date with its live texts (see refreshPostsMemory). */
export function refreshPostMemory(db: Db, postId: number, cut?: CutBlocks): Promise<void> {
  return refreshPostsMemory(db, [postId], cut);
}

/**
 * Brings the memory of these posts up to date with their live texts: a post's units are
 * its pair's segments while both languages are live and the translation is not behind
 * its source. An outdated pair keeps the units of its last up-to-date publication, so a
 * translator catching up is offered the earlier translation of every unchanged block.
 * Units no post holds any more are forgotten.
 */
export async function refreshPostsMemory(db: Db, postIds: readonly number[], cut?: CutBlocks): Promise<void> {
  if (postIds.length === 0) return;
  const ids = [...new Set(postIds)];
  const sources = new Map<number, string>();
  const live = new Map<number, Array<{ locale: string; body: StoredText; revision_id: number; based_on_revision_id: number | null }>>();
  for (const chunk of chunks(ids)) {
    for (const row of await db.selectFrom('posts').select(['id', 'source_locale']).where('id', 'in', chunk).execute()) sources.set(row.id, row.source_locale);
    const texts = await db.selectFrom('live_translations').select(['post_id', 'locale', 'revision_id', 'based_on_revision_id']).select(liveBody().as('body')).where('post_id', 'in', chunk).execute();
    for (const row of texts) {
      const rows = live.get(row.post_id);
      if (rows) rows.push(row);
      else live.set(row.post_id, [row]);
    }
  }

  const touched: number[] = [];
  const units: Array<{ postId: number; unit: MemoryUnit }> = [];
  for (const postId of ids) {
    const texts = live.get(postId) ?? [];
    const source = texts.find((row) => row.locale === sources.get(postId));
    const target = texts.find((row) => row.locale !== sources.get(postId));
    if (source && target && isOutdated({ basedOnRevisionId: target.based_on_revision_id }, source.revision_id)) continue;
    touched.push(postId);
    if (!source || !target) continue;
    const side = (row: { locale: string; body: StoredText }) => {
      const body = unpackText(row.body);
      return { locale: row.locale as Locale, blocks: cut?.get(body) ?? markdownBlocks(body) };
    };
    for (const unit of unitsOfPair(side(source), side(target))) units.push({ postId, unit });
  }
  if (touched.length === 0) return;

  const previous = await unitsHeldBy(db, touched);
  const unitIds = await storeUnits(db, units.map((u) => u.unit));
  // A post's link to a unit, once however often the post repeats the sentence.
  const links = new Map<number, Set<number>>();
  units.forEach(({ postId }, i) => links.set(postId, (links.get(postId) ?? new Set()).add(unitIds[i]!)));
  await replaceLinks(db, touched, links);
  // Units only these posts held are forgotten with them.
  await forgetUnheld(db, previous);
}

/**
 * The unit id of each of `units` (same order), storing the new ones with their keys. A
 * unit is its direction and the hashes of its two texts; when several segments are the
 * same unit, the first one's texts are stored, as one insert per segment did.
 */
async function storeUnits(db: Db, units: readonly MemoryUnit[]): Promise<number[]> {
  const identities = units.map(({ from, to, segment }) => ({ from_locale: from, to_locale: to, source_hash: segmentHash(segment.sourceText), target_hash: segmentHash(segment.targetText) }));
  const found = new Map<string, number>();
  const first = new Map<string, number>();
  identities.forEach((identity, i) => {
    if (!first.has(identityKey(identity))) first.set(identityKey(identity), i);
  });
  // Looked up per direction, so the identity index's first two columns are equalities.
  const lookUp = async (wanted: Identity[]) => {
    const directions = new Map<string, Identity[]>();
    for (const identity of wanted) {
      const direction = `${identity.from_locale}>${identity.to_locale}`;
      const group = directions.get(direction);
      if (group) group.push(identity);
      else directions.set(direction, [identity]);
    }
    for (const group of directions.values()) {
      for (const chunk of chunks(group)) {
        const rows = await db
          .selectFrom('translation_memory_units')
          .select(['id', 'from_locale', 'to_locale', 'source_hash', 'target_hash'])
          .where('from_locale', '=', chunk[0]!.from_locale)
          .where('to_locale', '=', chunk[0]!.to_locale)
          .where('source_hash', 'in', [...new Set(chunk.map((identity) => identity.source_hash))])
          .execute();
        for (const row of rows) found.set(identityKey(row as Identity), row.id);
      }
    }
  };
  await lookUp([...first.values()].map((i) => identities[i]!));

  const missing = [...first.entries()].filter(([key]) => !found.has(key)).map(([, i]) => i);
  for (const chunk of chunks(missing)) {
    const hashes = new Map(chunk.map((i) => [i, memoryKeyHashes(units[i]!.segment.sourceText, units[i]!.from, units[i]!.to)]));
    const rows = chunk.map((i) => {
      const { segment } = units[i]!;
      return { ...identities[i]!, source_text: segment.sourceText, target_text: segment.targetText, ...keysColumn(db, hashes.get(i)!) };
    });
    // A unit another transaction stored meanwhile (PostgreSQL) is left as it is and looked up below.
    const inserted = await db
      .insertInto('translation_memory_units')
      .values(rows)
      .onConflict((oc) => oc.columns(['from_locale', 'to_locale', 'source_hash', 'target_hash']).doNothing())
      .returning(['id', 'from_locale', 'to_locale', 'source_hash', 'target_hash'])
      .execute();
    for (const row of inserted) found.set(identityKey(row as Identity), row.id);
    await storeKeys(
      db,
      inserted.map((row) => ({ id: row.id, hashes: hashes.get(first.get(identityKey(row as Identity))!)! })),
    );
  }
  const raced = missing.map((i) => identities[i]!).filter((identity) => !found.has(identityKey(identity)));
  if (raced.length > 0) await lookUp(raced);
  return identities.map((identity) => found.get(identityKey(identity))!);
}
