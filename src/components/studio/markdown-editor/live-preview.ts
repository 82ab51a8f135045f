// The writing mode: the Markdown reads as the page will (headings large, emphasis shown,
// links as links, images as pictures) and its marks step aside, except on the lines the
// caret is on, where they show so they can be edited. Only decorations: the text itself
// is never changed, so what is saved is exactly what was typed.
import { syntaxTree } from '@codemirror/language';
import { RangeSetBuilder, type EditorState, type Range } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, WidgetType, type DecorationSet, type ViewUpdate } from '@codemirror/view';

export interface LivePreviewLabels {
  /** Shown on an image that links to another site instead of the media library. */
  remoteImage: string;
}

class ImageWidget extends WidgetType {
  constructor(
    readonly src: string,
    readonly alt: string,
    readonly labels: LivePreviewLabels,
  ) {
    super();
  }
  eq(other: ImageWidget) {
    return other.src === this.src && other.alt === this.alt;
  }
  toDOM() {
    const wrap = document.createElement('span');
    wrap.className = 'cm-md-image';
    // Only the site's own files are shown: a remote picture is marked to be uploaded, and
    // the editor does not fetch it.
    if (/^\//.test(this.src) && !this.src.startsWith('//')) {
      const img = document.createElement('img');
      img.src = this.src;
      img.alt = this.alt;
      img.loading = 'lazy';
      wrap.append(img);
    } else {
      wrap.classList.add('cm-md-image-remote');
      wrap.textContent = `${this.labels.remoteImage}: ${this.alt || this.src}`;
      wrap.title = this.src;
    }
    return wrap;
  }
  ignoreEvent() {
    return false;
  }
}

const hide = Decoration.replace({});
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

/** Lines with a caret or selection on them: their marks stay visible. */
function activeLines(state: EditorState): Set<number> {
  const lines = new Set<number>();
  for (const range of state.selection.ranges) {
    const first = state.doc.lineAt(range.from).number;
    const last = state.doc.lineAt(range.to).number;
    for (let n = first; n <= last && n - first < 1000; n += 1) lines.add(n);
  }
  return lines;
}

function build(view: EditorView, labels: LivePreviewLabels): DecorationSet {
  const { state } = view;
  const active = activeLines(state);
  const isActive = (pos: number) => active.has(state.doc.lineAt(pos).number);
  const lines: Range<Decoration>[] = [];
  const inline: Range<Decoration>[] = [];
  for (const { from, to } of view.visibleRanges) {
    syntaxTree(state).iterate({
      from,
      to,
      enter: (node) => {
        const lineDeco = lineClasses[node.name];
        if (lineDeco) {
          const last = state.doc.lineAt(Math.min(node.to, to)).number;
          for (let n = state.doc.lineAt(Math.max(node.from, from)).number; n <= last; n += 1) lines.push(lineDeco.range(state.doc.line(n).from));
        }
        if (isActive(node.from)) return;
        switch (node.name) {
          case 'HeaderMark': {
            // "## " goes with its space; a setext underline stays (it is its own line).
            if (node.node.parent?.name.startsWith('Setext')) return;
            const end = state.sliceDoc(node.to, node.to + 1) === ' ' ? node.to + 1 : node.to;
            inline.push(hide.range(node.from, end));
            return;
          }
          case 'EmphasisMark':
          case 'StrikethroughMark':
            inline.push(hide.range(node.from, node.to));
            return;
          case 'CodeMark':
            if (node.node.parent?.name === 'InlineCode') inline.push(hide.range(node.from, node.to));
            return;
          case 'Link': {
            // [text](url "title") reads as "text"; the address shows when the caret comes.
            const marks = node.node.getChildren('LinkMark');
            const open = marks[0];
            const close = marks[1];
            if (!open || !close || state.doc.lineAt(node.from).number !== state.doc.lineAt(node.to).number) return;
            inline.push(hide.range(open.from, open.to));
            inline.push(hide.range(close.from, node.to));
            return false;
          }
          case 'Image': {
            if (state.doc.lineAt(node.from).number !== state.doc.lineAt(node.to).number) return false;
            const url = node.node.getChild('URL');
            const text = state.sliceDoc(node.from, node.to);
            const alt = /^!\[([^\]]*)\]/.exec(text)?.[1] ?? '';
            if (url) inline.push(Decoration.replace({ widget: new ImageWidget(state.sliceDoc(url.from, url.to).replace(/^<|>$/g, ''), alt, labels) }).range(node.from, node.to));
            return false;
          }
          default:
            return;
        }
      },
    });
  }
  const builder = new RangeSetBuilder<Decoration>();
  const all = [...lines, ...inline].sort((a, b) => a.from - b.from || a.value.startSide - b.value.startSide);
  let lastEnd = -1;
  for (const range of all) {
    // Replacements never overlap (a link inside a hidden range, say): the first one wins.
    const isLine = range.from === range.to && (range.value.spec as { class?: string }).class !== undefined;
    if (!isLine && range.from < lastEnd) continue;
    builder.add(range.from, range.to, range.value);
    if (!isLine) lastEnd = Math.max(lastEnd, range.to);
  }
  return builder.finish();
}

export function livePreview(labels: LivePreviewLabels) {
  return ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      constructor(view: EditorView) {
        this.decorations = build(view, labels);
      }
      update(update: ViewUpdate) {
        if (update.docChanged || update.viewportChanged || update.selectionSet || syntaxTree(update.startState) !== syntaxTree(update.state)) {
          this.decorations = build(update.view, labels);
        }
      }
    },
    { decorations: (plugin) => plugin.decorations },
  );
}
