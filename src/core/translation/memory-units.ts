// What a published pair gives the translation memory: its units (aligned blocks and
// sentences, both directions) and each unit's identity and keys. Pure, from Markdown
// blocks already cut (segments.ts, markdownBlocks): the cutting parses Markdown, which is
// done in the render worker (RenderedDocument.markdownBlocks), never by the writer's
// transaction. db/repositories/translation-memory-store.ts stores what this returns.
import { createHash } from 'node:crypto';
import type { Locale } from '@/core/locales';
import { indexKeys, matchTokens } from './fuzzy-match';
import { alignBlocks, segmentBlockPair, untranslatedKinds, type MarkdownBlock, type Segment } from './segments';

/** Keys stored and looked up per text: the first ones, enough for texts that match at 70 % to share most. */
const keysPerText = 24;
/** A segment longer than this is not remembered: no translator reuses a whole chapter. */
export const maxSegmentChars = 4000;
/** Words so common that sharing them says nothing; they would make every posting list long. */
const stopWords = new Set(['a', 'an', 'and', 'the', 'of', 'to', 'in', 'on', 'is', 'it', 'for', 'as', 'at', 'by', 'or', 'be', 'we', 'i', 'you', 'that', 'this', 'with', 'are', 'was', 'not', 'but']);

export const normalizeSegment = (text: string) => text.replace(/\s+/g, ' ').trim();
/** A text's sha-256 in base64url, whitespace normalised: 43 characters. */
export const fullSegmentHash = (text: string) => createHash('sha256').update(normalizeSegment(text)).digest('base64url');
/**
 * A text's hash in the memory, part of a unit's identity: whitespace does not make another
 * unit. The first 22 characters (132 bits) of fullSegmentHash, far from any collision at a
 * site's millions of units, and half the bytes in the units' table and identity index.
 */
export const segmentHashLength = 22;
export const segmentHash = (text: string) => fullSegmentHash(text).slice(0, segmentHashLength);

/** The keys under which a text in direction `from>to` is indexed and looked up. */
export function memoryKeys(text: string, from: Locale, to: Locale): string[] {
  return indexKeys(text)
    .filter((key) => !stopWords.has(key))
    .slice(0, keysPerText)
    .map((key) => `${from}>${to}|${key}`);
}

/**
 * A key as the memory's index stores it: its 32-bit FNV-1a hash, a signed integer (a
 * PostgreSQL `integer`). Four bytes instead of the key's text; two keys sharing a hash
 * only make a unit a candidate it would not have been, which the match percentage then
 * judges on the texts themselves.
 */
export function memoryKeyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** The distinct hashes of a text's keys in direction `from>to` (memoryKeys). */
export const memoryKeyHashes = (text: string, from: Locale, to: Locale): number[] => [...new Set(memoryKeys(text, from, to).map(memoryKeyHash))];

export interface MemoryUnit {
  from: Locale;
  to: Locale;
  segment: Segment & { targetText: string };
}

/** One language of a pair, its Markdown already cut into blocks. */
export interface CutText {
  locale: Locale;
  blocks: readonly MarkdownBlock[];
}

/**
 * The units a published pair gives, in both directions: every pair of blocks, and inside
 * a block split into sentences (segments.ts) each pair of sentences too, so the editor's
 * block and a CAT tool's sentence both find their match. A whole block has sentence -1.
 */
export function unitsOfPair(source: CutText, target: CutText): MemoryUnit[] {
  const units: MemoryUnit[] = [];
  const keep = (from: Locale, to: Locale, segment: Segment) => {
    if (segment.targetText === undefined || untranslatedKinds.has(segment.kind)) return;
    if (segment.sourceText.length > maxSegmentChars || segment.targetText.length > maxSegmentChars) return;
    if (matchTokens(segment.sourceText).length === 0 || segment.targetText.trim() === '') return;
    units.push({ from, to, segment: segment as MemoryUnit['segment'] });
  };
  for (const [a, b] of [
    [source, target],
    [target, source],
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
