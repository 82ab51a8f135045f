// Estimates how long a post takes to read, shown beside its title and stored on the
// translation. Chinese is read by character and English by word, so each script is
// counted on its own and the times are added, from the parsed text: code counts (readers
// do read it), addresses, markup and image descriptions do not, each picture adds a pause.
import type { Nodes, Root } from 'mdast';
import { parseMarkdown } from '@/core/markdown/parse-markdown';
import { countReadingUnits, minutesFor } from './reading-units';

export { countReadingUnits, minutesFor, type ReadingUnits } from './reading-units';

/** Whole minutes to read a Markdown text as parsed (render-document parses once for all). */
export function readingMinutesOfTree(tree: Root): number {
  const parts: string[] = [];
  let images = 0;
  const walk = (node: Nodes): void => {
    switch (node.type) {
      case 'text':
      case 'inlineCode':
      case 'code':
        parts.push(node.value);
        return;
      case 'image':
      case 'imageReference':
        images += 1;
        return;
      // Marks, targets and markup, not words.
      case 'html':
      case 'definition':
      case 'footnoteReference':
        return;
      case 'link':
        // An autolink shows its own address: not something a reader reads as words.
        if (node.children.length === 1 && node.children[0]!.type === 'text' && node.url.replace(/^mailto:/, '') === node.children[0]!.value.replace(/^mailto:/, '')) return;
        break;
      default:
        break;
    }
    if ('children' in node) for (const child of node.children as Nodes[]) walk(child);
  };
  walk(tree);
  return minutesFor(countReadingUnits(parts.join(' ')), images);
}

/** Whole minutes to read a Markdown body, at least 1. Front matter is not read. */
export function readingMinutes(markdown: string): number {
  return readingMinutesOfTree(parseMarkdown(markdown.replace(/^\uFEFF?---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '')));
}
