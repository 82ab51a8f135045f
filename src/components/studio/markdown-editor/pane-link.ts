// Keeps a translator's two panes together: scrolling one brings the other to the matching
// block (paired as the parallel view pairs them, split-blocks' alignKinds), and the block
// under the caret is highlighted in the other language.
import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import { StateEffect, StateField, type EditorState, type Text } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';
import { alignKinds, type AlignedIndexes } from '@/core/markdown/split-blocks';

export interface Block {
  from: number;
  to: number;
  kind: string;
}

const kinds: Record<string, string> = {
  Paragraph: 'p',
  BulletList: 'ul',
  OrderedList: 'ol',
  Blockquote: 'blockquote',
  FencedCode: 'pre',
  CodeBlock: 'pre',
  Table: 'table',
  HorizontalRule: 'hr',
  HTMLBlock: 'html',
};

/** The top-level blocks of a Markdown text, with the kind the parallel view would give them. */
export function topLevelBlocks(state: EditorState): Block[] {
  const tree = ensureSyntaxTree(state, state.doc.length, 50) ?? syntaxTree(state);
  const blocks: Block[] = [];
  const cursor = tree.topNode.cursor();
  if (!cursor.firstChild()) return blocks;
  do {
    const kind = /Heading/.test(cursor.name) ? 'h' : kinds[cursor.name];
    if (kind) blocks.push({ from: cursor.from, to: cursor.to, kind });
  } while (cursor.nextSibling());
  return blocks;
}

/** The index of the block at or before a position (0 when there is none before). */
export function blockIndexAt(blocks: Block[], pos: number): number {
  let low = 0;
  let high = blocks.length - 1;
  let found = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (blocks[mid]!.from <= pos) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

const setCounterpart = StateEffect.define<{ from: number; to: number } | null>();
const counterpartLine = Decoration.line({ class: 'cm-md-counterpart' });

/** The highlighted block: the one that faces the other pane's caret. */
export const counterpartField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, tr) {
    let next = value.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(setCounterpart)) continue;
      if (!effect.value) {
        next = Decoration.none;
        continue;
      }
      const { doc } = tr.state;
      const from = Math.min(effect.value.from, doc.length);
      const to = Math.min(effect.value.to, doc.length);
      const ranges = [];
      for (let n = doc.lineAt(from).number; n <= doc.lineAt(to).number && ranges.length < 500; n += 1) ranges.push(counterpartLine.range(doc.line(n).from));
      next = Decoration.set(ranges);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

interface Side {
  view: EditorView;
  blocks: Block[];
  doc: Text | null;
}

/** The source block a translator is on (under the caret in either pane), for the memory. */
export interface SourceBlockAtCaret {
  text: string;
  /** The translation pane's key (its locale). */
  targetKey: string;
}

export class PaneLink {
  private sides = new Map<string, Side>();
  private caretListeners = new Set<(key: string) => void>();
  private alignment: { docs: [Text, Text]; rows: AlignedIndexes[] } | null = null;
  /** The pane being moved by the link, whose own scroll events are not followed back. */
  private following: string | null = null;

  register(key: string, view: EditorView): () => void {
    this.sides.set(key, { view, blocks: [], doc: null });
    return () => {
      if (this.sides.get(key)?.view === view) this.sides.delete(key);
    };
  }

  private side(key: string): Side | undefined {
    const side = this.sides.get(key);
    if (side && side.doc !== side.view.state.doc) {
      side.blocks = topLevelBlocks(side.view.state);
      side.doc = side.view.state.doc;
    }
    return side;
  }

  private other(key: string): [string, Side] | undefined {
    for (const [otherKey] of this.sides) if (otherKey !== key) return [otherKey, this.side(otherKey)!];
    return undefined;
  }

  /** Which block of `to` faces block `index` of `from` (the nearest earlier pair when it has none). */
  private counterpart(fromKey: string, index: number): number | null {
    const keys = [...this.sides.keys()].sort();
    const [a, b] = [this.side(keys[0]!)!, this.side(keys[1]!)!];
    if (!this.alignment || this.alignment.docs[0] !== a.doc || this.alignment.docs[1] !== b.doc) {
      this.alignment = { docs: [a.doc!, b.doc!], rows: alignKinds(a.blocks.map((x) => x.kind), b.blocks.map((x) => x.kind)) };
    }
    const [mine, theirs] = fromKey === keys[0] ? (['left', 'right'] as const) : (['right', 'left'] as const);
    let answer: number | null = null;
    for (const row of this.alignment.rows) {
      const here = row[mine];
      if (row[theirs] !== null) answer = row[theirs];
      if (here !== null && here >= index) return row[theirs] ?? answer;
    }
    return answer;
  }

  private settle = 0;

  /**
   * Follows a scroll of `key`'s pane in the other pane. Heights of lines not yet drawn are
   * estimates, so the other pane is aligned again once it has drawn and measured them.
   */
  scrolled(key: string): void {
    if (this.following === key) return;
    this.align(key);
    cancelAnimationFrame(this.settle);
    const frames = (n: number, then: () => void): number => requestAnimationFrame(() => (n <= 1 ? then() : (this.settle = frames(n - 1, then))));
    this.settle = frames(2, () => {
      this.align(key);
      this.settle = frames(2, () => (this.following = null));
    });
  }

  private align(key: string): void {
    const me = this.side(key);
    const other = this.other(key);
    if (!me || !other || me.blocks.length === 0 || other[1].blocks.length === 0) return;
    const [otherKey, them] = other;
    const { view } = me;
    const top = view.scrollDOM.scrollTop - view.documentPadding.top;
    const index = blockIndexAt(me.blocks, view.lineBlockAtHeight(Math.max(0, top)).from);
    const block = me.blocks[index]!;
    const blockTop = view.lineBlockAt(block.from).top;
    const blockHeight = Math.max(1, view.lineBlockAt(block.to).bottom - blockTop);
    const fraction = Math.min(1, Math.max(0, (top - blockTop) / blockHeight));
    const target = this.counterpart(key, index);
    if (target === null) return;
    const theirBlock = them.blocks[target]!;
    const theirTop = them.view.lineBlockAt(theirBlock.from).top;
    const theirHeight = Math.max(1, them.view.lineBlockAt(theirBlock.to).bottom - theirTop);
    const scrollTop = theirTop + fraction * theirHeight + them.view.documentPadding.top;
    if (Math.abs(them.view.scrollDOM.scrollTop - scrollTop) < 2) return;
    this.following = otherKey;
    them.view.scrollDOM.scrollTop = scrollTop;
  }

  /** Calls `listener` with the pane's key whenever a caret moves; returns the unsubscribe. */
  onCaret(listener: (key: string) => void): () => void {
    this.caretListeners.add(listener);
    return () => this.caretListeners.delete(listener);
  }

  /**
   * The block of the source pane (`sourceKey`) the translator is on: under the caret when
   * it is in the source, else the one facing the caret's block in the translation.
   */
  sourceBlockAt(key: string, sourceKey: string): SourceBlockAtCaret | null {
    const me = this.side(key);
    const other = this.other(key);
    if (!me || !other) return null;
    const [source, targetKey] = key === sourceKey ? [me, other[0]] : [other[1], key];
    if (source.blocks.length === 0) return null;
    let index = blockIndexAt(me.blocks, me.view.state.selection.main.head);
    if (key !== sourceKey) {
      if (me.blocks.length === 0) return null;
      const facing = this.counterpart(key, index);
      if (facing === null) return null;
      index = facing;
    }
    const block = source.blocks[index]!;
    return { text: source.view.state.doc.sliceString(block.from, block.to).trim(), targetKey };
  }

  /**
   * Puts `text` into the translation pane `targetKey`: in place of the block under its
   * caret when the caret is inside one (an outdated block brought up to date), else at the
   * caret, as a block of its own.
   */
  insertTranslation(targetKey: string, text: string): boolean {
    const target = this.side(targetKey);
    if (!target) return false;
    const { view, blocks } = target;
    const { from, to } = view.state.selection.main;
    const index = blockIndexAt(blocks, from);
    const block = blocks[index];
    if (from === to && block && block.from <= from && from <= block.to) {
      view.dispatch({ changes: { from: block.from, to: block.to, insert: text }, selection: { anchor: block.from + text.length }, scrollIntoView: true });
    } else {
      const before = view.state.doc.sliceString(Math.max(0, from - 2), from);
      const lead = from === 0 || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
      view.dispatch({ changes: { from, to, insert: lead + text }, selection: { anchor: from + lead.length + text.length }, scrollIntoView: true });
    }
    view.focus();
    return true;
  }

  /** Highlights, in the other pane, the block facing the caret in `key`'s pane. */
  caretMoved(key: string): void {
    for (const listener of this.caretListeners) listener(key);
    const me = this.side(key);
    const other = this.other(key);
    if (!me || !other) return;
    const them = other[1];
    const index = blockIndexAt(me.blocks, me.view.state.selection.main.head);
    const target = me.blocks.length > 0 && them.blocks.length > 0 ? this.counterpart(key, index) : null;
    const block = target === null ? null : them.blocks[target]!;
    them.view.dispatch({ effects: setCounterpart.of(block ? { from: block.from, to: block.to } : null) });
  }

  /** Clears the highlight made for `key`'s caret (its pane lost focus). */
  caretLeft(key: string): void {
    const other = this.other(key);
    other?.[1].view.dispatch({ effects: setCounterpart.of(null) });
  }
}
