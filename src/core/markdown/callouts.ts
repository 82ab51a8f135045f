// GitHub's alerts (`> [!NOTE]`, TIP, IMPORTANT, WARNING, CAUTION) as Duet's one callout
// style: a blockquote whose first line is the marker becomes `<div class="callout
// callout-<kind>" role="note">` with a visible label in the article's language, so the
// kind is said in words, not only by colour. Text after the marker on its line (the
// Obsidian form, and what imported admonitions with a title become) is the label instead.
// The marker itself never reaches plain text (excerpts, search).
import type { Blockquote, Paragraph, PhrasingContent, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { Locale } from '@/core/locales';

export const calloutKinds = ['note', 'tip', 'important', 'warning', 'caution'] as const;
export type CalloutKind = (typeof calloutKinds)[number];

const calloutLabels: Record<Locale, Record<CalloutKind, string>> = {
  zh: { note: '说明', tip: '提示', important: '重要', warning: '警告', caution: '注意' },
  en: { note: 'Note', tip: 'Tip', important: 'Important', warning: 'Warning', caution: 'Caution' },
};

const marker = /^\[!(note|tip|important|warning|caution)\][ \t]*([^\n]*)(?:\n|$)/i;

export interface Callout {
  kind: CalloutKind;
  /** The label written after the marker, as inline content; empty for the kind's own label. */
  title: PhrasingContent[];
  /** The blockquote's content after the marker's line. */
  body: Blockquote['children'];
}

/** The callout a blockquote is, or null. Does not change the blockquote. */
export function calloutOf(node: Blockquote): Callout | null {
  const [first, ...rest] = node.children;
  if (first?.type !== 'paragraph') return null;
  const [lead, ...inline] = first.children;
  if (lead?.type !== 'text') return null;
  const match = marker.exec(lead.value);
  if (!match) return null;
  const kind = match[1]!.toLowerCase() as CalloutKind;
  const afterMarker = lead.value.slice(match[0].length);
  const lineEnded = match[0].endsWith('\n');
  // The title runs to the end of the marker's line: the rest of this text node when the
  // line ended inside it, otherwise the inline nodes up to the next line break.
  const title: PhrasingContent[] = [];
  const bodyInline: PhrasingContent[] = [];
  // The space before inline content that follows on the same line is part of the title.
  if (match[2]) title.push({ type: 'text', value: lineEnded ? match[2].trim() : match[2] });
  if (lineEnded) {
    if (afterMarker) bodyInline.push({ type: 'text', value: afterMarker });
    bodyInline.push(...inline);
  } else {
    let inTitle = true;
    for (const child of inline) {
      if (inTitle && child.type === 'text' && child.value.includes('\n')) {
        const cut = child.value.indexOf('\n');
        if (cut > 0) title.push({ type: 'text', value: child.value.slice(0, cut) });
        const remainder = child.value.slice(cut + 1);
        if (remainder) bodyInline.push({ type: 'text', value: remainder });
        inTitle = false;
      } else if (inTitle && child.type !== 'break') {
        title.push(child);
      } else if (inTitle) {
        inTitle = false;
      } else {
        bodyInline.push(child);
      }
    }
  }
  const body: Blockquote['children'] = [];
  if (bodyInline.length > 0) body.push({ type: 'paragraph', children: bodyInline } satisfies Paragraph);
  body.push(...rest);
  return { kind, title: trimTitle(title), body };
}

function trimTitle(title: PhrasingContent[]): PhrasingContent[] {
  return title.filter((node) => !(node.type === 'text' && node.value.trim() === ''));
}

/** Turns every alert blockquote into a callout, labelled in `locale`. */
export function markCallouts(tree: Root, locale: Locale): void {
  visit(tree, 'blockquote', (node: Blockquote) => {
    const callout = calloutOf(node);
    if (!callout) return;
    const label: PhrasingContent[] = callout.title.length > 0 ? callout.title : [{ type: 'text', value: calloutLabels[locale][callout.kind] }];
    node.data = { ...node.data, hName: 'div', hProperties: { className: ['callout', `callout-${callout.kind}`], role: 'note' } };
    node.children = [
      { type: 'paragraph', data: { hProperties: { className: ['callout-title'] } }, children: [{ type: 'strong', children: label }] },
      ...callout.body,
    ];
  });
}

/** The remark plugin for the renderer. */
export function remarkCallouts(locale: Locale) {
  return (tree: Root) => markCallouts(tree, locale);
}
