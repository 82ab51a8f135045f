// The writing mode: the Markdown reads as the page will (headings large, emphasis shown,
// links as links, images as pictures) and its marks step aside. A mark shows again as soon
// as the caret or an end of the selection touches what it belongs to: a heading's `#` on
// the caret's line, a link's brackets and address when the caret is in or at the edge of
// that link. So the caret can never stand in hidden syntax, and clicking into a paragraph
// does not unfold every address in it (which rewrapped the line under the writer). Only
// real links are drawn as links; broken link and image syntax stays in sight, marked
// (link-syntax.ts), and an image outside the media library carries a marker
// (remote-images.ts). Only decorations: the text is never changed, so what is saved is
// exactly what was typed.
import { syntaxTree } from '@codemirror/language';
import { RangeSetBuilder, type EditorState, type Range } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, WidgetType, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import { findMalformed, linkStatus } from './link-syntax';
import { imageSource, isLibraryPath, RemoteImageMarker, remoteImportsField, type RemoteImageActions, type RemoteImageLabels } from './remote-images';

export interface LivePreviewLabels {
  /** The mark on broken link syntax, and its longer explanation (the tooltip). */
  malformedLink: string;
  malformedLinkHelp: string;
  malformedImage: string;
  malformedImageHelp: string;
  remoteImage: RemoteImageLabels;
}

class ImageWidget extends WidgetType {
  constructor(
    readonly src: string,
    readonly alt: string,
  ) {
    super();
  }
  eq(other: ImageWidget) {
    return other.src === this.src && other.alt === this.alt;
  }
  toDOM() {
    const wrap = document.createElement('span');
    wrap.className = 'cm-md-image';
    const img = document.createElement('img');
    img.src = this.src;
    img.alt = this.alt;
    img.loading = 'lazy';
    wrap.append(img);
    return wrap;
  }
  ignoreEvent() {
    return false;
  }
}

/** The short label after broken syntax, so a phone (no tooltips) says it too. */
class MalformedBadge extends WidgetType {
  constructor(
    readonly label: string,
    readonly help: string,
  ) {
    super();
  }
  eq(other: MalformedBadge) {
    return other.label === this.label && other.help === this.help;
  }
  toDOM() {
    const badge = document.createElement('span');
    badge.className = 'cm-md-malformed-badge';
    badge.textContent = this.label;
    badge.title = this.help;
    return badge;
  }
}

const hide = Decoration.replace({});
const notALink = Decoration.mark({ class: 'cm-md-not-link' });
const lineClass = (name: string) => Decoration.line({ class: name });
const lineClasses: Record<string, Decoration> = {
  ATXHeading1: lineClass('cm-md-h1'),
  ATXHeading2: lineClass('cm-md-h2'),
  ATXHeading3: lineClass('cm-md-h3'),
  ATXHeading4: lineClass('cm-md-h4'),
  ATXHeading5: lineClass('cm-md-h5'),
  ATXHeading6: lineClass('cm-md-h6'),
  SetextHeading1: lineClass('cm-md-h1'),
  SetextHeading2: lineClass('cm-md-h2'),
  Blockquote: lineClass('cm-md-quote'),
  FencedCode: lineClass('cm-md-code'),
  CodeBlock: lineClass('cm-md-code'),
  Table: lineClass('cm-md-table'),
  HorizontalRule: lineClass('cm-md-hr'),
};

const calloutMarker = /^([ \t]*>[ \t]?)\[!(?:note|tip|important|warning|caution)\]/i;
const calloutLabel = Decoration.mark({ class: 'cm-md-callout-marker' });
const displayMath = /^(?:\$\$[\s\S]*\$\$|\\\[[\s\S]*\\\])\s*$/;
const mathLine = lineClass('cm-md-math');

/** Constructs whose marks show when the selection touches them. */
const inlineConstructs = new Set(['Emphasis', 'StrongEmphasis', 'Strikethrough', 'InlineCode']);

/** Lines with a caret or selection on them: their heading marks stay visible. */
function activeLines(state: EditorState): Set<number> {
  const lines = new Set<number>();
  for (const range of state.selection.ranges) {
    const first = state.doc.lineAt(range.from).number;
    const last = state.doc.lineAt(range.to).number;
    for (let n = first; n <= last && n - first < 1000; n += 1) lines.add(n);
  }
  return lines;
}

/** Whether the caret, or an end of a selection, is inside or at the edge of from…to. */
function isTouched(state: EditorState, from: number, to: number): boolean {
  return state.selection.ranges.some((r) => (r.from >= from && r.from <= to) || (r.to >= from && r.to <= to));
}

const sameLine = (state: EditorState, from: number, to: number) => state.doc.lineAt(from).number === state.doc.lineAt(to).number;

function build(view: EditorView, labels: LivePreviewLabels, actions: RemoteImageActions): DecorationSet {
  const { state } = view;
  const active = activeLines(state);
  const imports = state.field(remoteImportsField, false) ?? new Map();
  const lines: Range<Decoration>[] = [];
  const linesSeen = new Set<string>();
  const inline: Range<Decoration>[] = [];
  for (const { from, to } of view.visibleRanges) {
    syntaxTree(state).iterate({
      from,
      to,
      enter: (node) => {
        const lineDeco = lineClasses[node.name];
        if (lineDeco) {
          const last = state.doc.lineAt(Math.min(node.to, to)).number;
          for (let n = state.doc.lineAt(Math.max(node.from, from)).number; n <= last; n += 1) {
            // A nested quote's lines are the outer one's too: one class each.
            const key = `${n}:${node.name}`;
            if (linesSeen.has(key)) continue;
            linesSeen.add(key);
            lines.push(lineDeco.range(state.doc.line(n).from));
          }
        }
        // A GitHub alert's marker reads as the callout's label; display math as a formula's
        // source, set like code (the page renders both: callouts.ts, rehype-math.ts).
        if (node.name === 'Blockquote') {
          const first = state.doc.lineAt(node.from);
          const marker = calloutMarker.exec(first.text);
          if (marker) inline.push(calloutLabel.range(first.from + marker[1]!.length, first.from + marker[0].length));
        }
        if (node.name === 'Paragraph' && node.to - node.from < 20_000 && displayMath.test(state.sliceDoc(node.from, node.to))) {
          const last = state.doc.lineAt(Math.min(node.to, to)).number;
          for (let n = state.doc.lineAt(Math.max(node.from, from)).number; n <= last; n += 1) lines.push(mathLine.range(state.doc.line(n).from));
        }
        if (node.name === 'HeaderMark') {
          // "## " goes with its space; a setext underline stays (it is its own line).
          if (node.node.parent?.name.startsWith('Setext') || active.has(state.doc.lineAt(node.from).number)) return;
          const end = state.sliceDoc(node.to, node.to + 1) === ' ' ? node.to + 1 : node.to;
          inline.push(hide.range(node.from, end));
          return;
        }
        if (inlineConstructs.has(node.name)) {
          if (isTouched(state, node.from, node.to)) return;
          const markName = node.name === 'InlineCode' ? 'CodeMark' : node.name === 'Strikethrough' ? 'StrikethroughMark' : 'EmphasisMark';
          for (const mark of node.node.getChildren(markName)) inline.push(hide.range(mark.from, mark.to));
          return;
        }
        if (node.name === 'Link') {
          const status = linkStatus(state, node.node);
          if (status === 'text') inline.push(notALink.range(node.from, node.to));
          if (status !== 'link' || isTouched(state, node.from, node.to)) return;
          // [text](url "title") reads as "text"; the rest shows when the caret comes.
          const marks = node.node.getChildren('LinkMark');
          const open = marks[0];
          const close = marks[1];
          if (!open || !close || !sameLine(state, close.from, node.to)) return;
          inline.push(hide.range(open.from, open.to));
          inline.push(hide.range(close.from, node.to));
          return;
        }
        if (node.name === 'Image') {
          const src = imageSource(state, node.node);
          const alt = /^!\[([^\]]*)\]/.exec(state.sliceDoc(node.from, node.to))?.[1] ?? '';
          if (src === null || linkStatus(state, node.node) !== 'link') return false;
          const isRemote = !isLibraryPath(src);
          const isShown = isTouched(state, node.from, node.to) || !sameLine(state, node.from, node.to);
          if (isRemote) {
            const marker = new RemoteImageMarker(src, alt, imports.get(src), labels.remoteImage, actions, state.readOnly);
            inline.push(isShown ? Decoration.widget({ widget: marker, side: 1 }).range(node.to) : Decoration.replace({ widget: marker }).range(node.from, node.to));
          } else if (!isShown) {
            inline.push(Decoration.replace({ widget: new ImageWidget(src, alt) }).range(node.from, node.to));
          }
          return false;
        }
        return;
      },
    });
    for (const span of findMalformed(state, from, to)) {
      const [label, help] = span.kind === 'image' ? [labels.malformedImage, labels.malformedImageHelp] : [labels.malformedLink, labels.malformedLinkHelp];
      inline.push(Decoration.mark({ class: 'cm-md-malformed', attributes: { title: help } }).range(span.from, span.to));
      inline.push(Decoration.widget({ widget: new MalformedBadge(label, help), side: 1 }).range(span.to));
    }
  }
  return toSet([...lines, ...inline]);
}

function toSet(ranges: Range<Decoration>[]): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  const all = ranges.sort((a, b) => a.from - b.from || a.value.startSide - b.value.startSide);
  let lastEnd = -1;
  for (const range of all) {
    // Replacements never overlap (a link inside a hidden range, say): the first one wins.
    const isReplace = range.from < range.to && (range.value as unknown as { point: boolean }).point;
    if (isReplace && range.from < lastEnd) continue;
    builder.add(range.from, range.to, range.value);
    if (isReplace) lastEnd = Math.max(lastEnd, range.to);
  }
  return builder.finish();
}

export function livePreview(labels: LivePreviewLabels, actions: RemoteImageActions) {
  return [
    ViewPlugin.fromClass(
      class {
        decorations: DecorationSet;
        constructor(view: EditorView) {
          this.decorations = build(view, labels, actions);
        }
        update(update: ViewUpdate) {
          const importsChanged = update.startState.field(remoteImportsField, false) !== update.state.field(remoteImportsField, false);
          const readOnlyChanged = update.startState.readOnly !== update.state.readOnly;
          if (update.docChanged || update.viewportChanged || update.selectionSet || importsChanged || readOnlyChanged || syntaxTree(update.startState) !== syntaxTree(update.state)) {
            this.decorations = build(update.view, labels, actions);
          }
        }
      },
      { decorations: (plugin) => plugin.decorations },
    ),
  ];
}
