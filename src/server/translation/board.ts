// What the Translations view reads: one keyset page of post × language rows with the
// words left to translate, and the count of each state. The caller has identified the
// actor; who sees which posts is asked of can() here, as a filter the query applies.
import { can, type Actor } from '@/core/auth/permissions';
import { wordsToTranslate, type BoardQuery, type BoardRow, type BoardState } from '@/core/translation/board';
import { getDatabase } from '@/db/client';
import { createTranslationBoard } from '@/db/repositories/translation-board';

export interface BoardView {
  items: (Omit<BoardRow, 'sourceText'> & { words: number })[];
  next: BoardQuery['after'] | null;
  counts: Record<BoardState, number>;
}

/** An actor who may not view someone else's post sees only their own (authors). */
export function ownerFilterFor(actor: Actor): string | undefined {
  return can(actor, 'post.view', { kind: 'post', ownerUserId: `not-${actor.id}`, sourceLocale: 'zh' }) ? undefined : actor.id;
}

export async function readTranslationBoard(actor: Actor, query: Omit<BoardQuery, 'ownerUserId'>): Promise<BoardView> {
  const board = createTranslationBoard(getDatabase());
  const full = { ...query, ownerUserId: ownerFilterFor(actor) };
  const [page, counts] = await Promise.all([board.page(full), board.counts(full)]);
  return {
    items: page.items.map(({ sourceText, ...row }) => ({ ...row, words: wordsToTranslate({ state: row.state, sourceText }) })),
    next: page.next,
    counts,
  };
}
