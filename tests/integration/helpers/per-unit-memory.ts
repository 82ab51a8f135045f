// The translation memory's build as it was before it was batched (one lookup, one insert
// and one insert of keys per unit, Markdown parsed here): the reference the batched
// writer (db/repositories/translation-memory-store.ts) must agree with, row for row.
import type { Kysely, Transaction } from 'kysely';
import { isOutdated } from '@/core/content/translation-status';
import type { Locale } from '@/core/locales';
import { memoryKeyHashes, segmentHash, unitsOfPair, type MemoryUnit } from '@/core/translation/memory-units';
import { markdownBlocks } from '@/core/translation/segments';
import type { Database } from '@/db/schema';
import { liveBody } from '@/db/repositories/live-body';
import { unpackText, type StoredText } from '@/db/stored-text';
import { replaceLinks } from '@/db/repositories/memory-links';
import { allUnitKeys, keysColumn, storeKeys } from '@/db/repositories/translation-memory-keys';
import { allLinks } from './memory-links';

export async function refreshPostMemoryPerUnit(db: Kysely<Database> | Transaction<Database>, postId: number): Promise<void> {
  const post = await db.selectFrom('posts').select('source_locale').where('id', '=', postId).executeTakeFirst();
  const live = await db.selectFrom('live_translations').select(['locale', 'revision_id', 'based_on_revision_id']).select(liveBody().as('body')).where('post_id', '=', postId).execute();
  const source = live.find((row) => row.locale === post?.source_locale);
  const target = live.find((row) => row.locale !== post?.source_locale);
  if (source && target && isOutdated({ basedOnRevisionId: target.based_on_revision_id }, source.revision_id)) return;
  if (!source || !target) return replaceLinks(db, [postId], new Map());
  const side = (row: { locale: string; body: StoredText }) => ({ locale: row.locale as Locale, blocks: markdownBlocks(unpackText(row.body)) });
  const units = new Set<number>();
  for (const unit of unitsOfPair(side(source), side(target))) units.add(await storeUnit(db, unit));
  await replaceLinks(db, [postId], new Map([[postId, units]]));
}

async function storeUnit(db: Kysely<Database> | Transaction<Database>, { from, to, segment }: MemoryUnit): Promise<number> {
  const identity = { from_locale: from, to_locale: to, source_hash: segmentHash(segment.sourceText), target_hash: segmentHash(segment.targetText) };
  const found = await db
    .selectFrom('translation_memory_units')
    .select('id')
    .where('from_locale', '=', from)
    .where('to_locale', '=', to)
    .where('source_hash', '=', identity.source_hash)
    .where('target_hash', '=', identity.target_hash)
    .executeTakeFirst();
  if (found) return found.id;
  const hashes = memoryKeyHashes(segment.sourceText, from, to);
  const inserted = await db
    .insertInto('translation_memory_units')
    .values({ ...identity, source_text: segment.sourceText, target_text: segment.targetText, ...keysColumn(db, hashes) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await storeKeys(db, [{ id: inserted.id, hashes }]);
  return inserted.id;
}

/** Everything the memory holds, without its ids: units by identity, their keys, and the posts' links to them. */
export async function memoryContents(db: Kysely<Database>) {
  const units = await db.selectFrom('translation_memory_units').select(['id', 'from_locale', 'to_locale', 'source_hash', 'target_hash', 'source_text', 'target_text']).execute();
  const identity = new Map(units.map((u) => [u.id, `${u.from_locale}>${u.to_locale}|${u.source_hash}|${u.target_hash}`]));
  const keys = await allUnitKeys(db);
  const links = await allLinks(db);
  return {
    units: units.map((u) => [identity.get(u.id), u.source_text, u.target_text].join('\u0000')).sort(),
    keys: keys.map((k) => `${identity.get(k.unit_id)}\u0000${k.hash}`).sort(),
    links: links.map((l) => `${l.post_id}\u0000${identity.get(l.unit_id)}`).sort(),
  };
}
