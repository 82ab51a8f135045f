// `<details>` as Markdown writers use it on GitHub and in Hugo sites:
//
//   <details>
//   <summary>What it is about</summary>
//
//   Markdown, rendered as Markdown.
//
//   </details>
//
// Raw HTML is never rendered, so these HTML blocks would vanish with everything between
// them; instead the pair becomes a real disclosure (a blockquote node drawn as
// `<details>`, the summary as its first child, as plain text), and the Markdown between
// is rendered as usual. Nothing else in the HTML is kept: no attribute but `open`.
import type { Blockquote, Paragraph, Root, RootContent } from 'mdast';

const opening = /^<details(\s[^>]*)?>\s*(?:<summary(?:\s[^>]*)?>([\s\S]*?)<\/summary>)?\s*([\s\S]*)$/i;
const openAttribute = /(?:^|\s)open(?:\s|=|$)/i;
const closing = /^\s*<\/details>\s*$/i;
const trailingClose = /<\/details>\s*$/i;

type Parent = { children: RootContent[] };

/** Rewrites every `<details>`…`</details>` run of HTML blocks in the tree, at any depth. */
export function markDetails(tree: Root, parse: (markdown: string) => Root): void {
  rewrite(tree, parse, 0);
}

function rewrite(parent: Parent, parse: (markdown: string) => Root, depth: number): void {
  const children = parent.children;
  for (let index = 0; index < children.length; index++) {
    const node = children[index]!;
    if (node.type === 'html' && depth < 16) {
      const match = opening.exec(node.value);
      if (match) {
        const open = openAttribute.test(match[1] ?? '');
        const summary = textOf(match[2] ?? '');
        let inner = match[3] ?? '';
        let end = -1;
        let content: RootContent[] = [];
        if (trailingClose.test(inner)) {
          // The whole disclosure is one HTML block (no blank lines inside).
          inner = inner.replace(trailingClose, '');
          content = parse(inner).children;
          end = index;
        } else {
          let nested = 0;
          for (let at = index + 1; at < children.length; at++) {
            const candidate = children[at]!;
            if (candidate.type !== 'html') continue;
            if (opening.test(candidate.value) && !trailingClose.test(candidate.value)) nested += 1;
            else if (closing.test(candidate.value)) {
              if (nested === 0) {
                end = at;
                break;
              }
              nested -= 1;
            }
          }
          if (end === -1) continue;
          content = [...(inner.trim() ? parse(inner).children : []), ...children.slice(index + 1, end)];
        }
        const details: Blockquote = {
          type: 'blockquote',
          data: { hName: 'details', hProperties: open ? { open: true } : {} },
          // Without a summary the browser shows its own word for "Details", in the reader's language.
          children: [
            ...(summary ? [{ type: 'paragraph', data: { hName: 'summary' }, children: [{ type: 'text', value: summary }] } satisfies Paragraph] : []),
            ...(content as Blockquote['children']),
          ],
          position: node.position,
        };
        rewrite(details as unknown as Parent, parse, depth + 1);
        children.splice(index, end - index + 1, details);
        continue;
      }
    }
    if ('children' in node && Array.isArray(node.children)) rewrite(node as Parent, parse, depth + 1);
  }
}

/** The text of a bit of HTML: tags dropped, the common entities read. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
