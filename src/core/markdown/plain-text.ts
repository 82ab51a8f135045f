// The words of a Markdown post without its syntax, for the search index and for
// excerpts: one paragraph per block, code kept as text, footnote marks dropped and the
// footnotes themselves moved to the end, where they do not interrupt the prose.
import type { FootnoteDefinition, Nodes, Root } from 'mdast';
import { calloutOf } from './callouts';
import { parseMarkdown } from './parse-markdown';

const han = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF00-\uFFEF]/u;

/** Plain text of `markdown`: blocks separated by a blank line, list items and table rows by a line break. */
export function markdownToPlainText(markdown: string): string {
  return plainTextOf(parseMarkdown(markdown));
}

/** Plain text of an already parsed text (render-document parses once for everything). */
export function plainTextOf(tree: Root): string {
  const notes: FootnoteDefinition[] = [];
  const blocks = blocksOf(tree, notes);
  for (const note of notes) blocks.push(...blocksOf(note, []));
  return blocks.join('\n\n');
}

/** The text blocks of a container, in order; footnote definitions are set aside into `notes`. */
function blocksOf(parent: Root | Extract<Nodes, { children: unknown[] }>, notes: FootnoteDefinition[]): string[] {
  const blocks: string[] = [];
  for (const node of parent.children as Nodes[]) {
    switch (node.type) {
      case 'paragraph':
      case 'heading':
        // A dropped image or mark can leave two spaces where it stood.
        push(blocks, inlineText(node).replace(/ {2,}/g, ' '));
        break;
      case 'code':
        push(blocks, node.value);
        break;
      case 'blockquote': {
        // An alert's `[!NOTE]` marker is syntax, not words: its title (if any) and body are.
        const callout = calloutOf(node);
        if (callout) {
          push(blocks, callout.title.map(inlineText).join(''));
          blocks.push(...blocksOf({ type: 'blockquote', children: callout.body }, notes));
        } else {
          blocks.push(...blocksOf(node, notes));
        }
        break;
      }
      case 'list':
        push(blocks, node.children.map((item) => blocksOf(item, notes).join('\n')).filter(Boolean).join('\n'));
        break;
      case 'table':
        push(blocks, node.children.map((row) => row.children.map((cell) => inlineText(cell)).join(' ').trim()).join('\n'));
        break;
      case 'footnoteDefinition':
        notes.push(node);
        break;
      // html is not rendered, definitions and thematic breaks have no words.
      default:
        break;
    }
  }
  return blocks;
}

function push(blocks: string[], text: string): void {
  const trimmed = text.trim();
  if (trimmed) blocks.push(trimmed);
}

/** The text of inline content: soft line breaks become a space, or nothing between Chinese characters. */
export function inlineText(node: Nodes): string {
  switch (node.type) {
    case 'text':
      return joinLines(node.value);
    case 'inlineCode':
    case 'inlineMath':
      return node.value;
    case 'break':
      return '\n';
    // Marks, not words; images are not read in the flow of the text.
    case 'footnoteReference':
    case 'image':
    case 'imageReference':
    case 'html':
      return '';
    default:
      return 'children' in node ? (node.children as Nodes[]).map(inlineText).join('') : '';
  }
}

function joinLines(text: string): string {
  return text.replace(/[ \t]*\n[ \t]*/g, (_newline, offset: number, whole: string) => {
    const before = whole[offset - 1] ?? '';
    const after = whole[offset + _newline.length] ?? '';
    return han.test(before) && han.test(after) ? '' : ' ';
  });
}
