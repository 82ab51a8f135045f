// The writer's own opening words, for the excerpt made when they wrote none: the first
// paragraphs of prose at the top level of the text. Never a heading, a list, a table,
// code, a figure or its caption, an embed's bare link, or what an import left of a
// shortcode or of HTML; and never a quotation either: an epigraph or a cited line is
// someone else's voice, not the article's lead, so a text that opens with one is summed
// up by the first paragraph after it.
import type { Nodes, Paragraph, PhrasingContent, Root } from 'mdast';
import { inlineText } from './plain-text';

/** More than any excerpt takes: the paragraphs gathered stop here. */
const maxParagraphs = 4;
const enoughCharacters = 1_000;
const maxParagraphCharacters = 2_000;

/** The text of the first paragraphs of prose, each as one line, in order. */
export function leadParagraphsOf(tree: Root): string[] {
  const lead: string[] = [];
  let gathered = 0;
  let previous: Nodes | undefined;
  for (const node of tree.children) {
    const wasFigure = previous !== undefined && isFigure(previous);
    previous = node;
    if (node.type !== 'paragraph' || isFigure(node) || (wasFigure && isCaption(node))) continue;
    const text = proseOf(node);
    if (!text) continue;
    lead.push(text);
    gathered += text.length;
    if (lead.length >= maxParagraphs || gathered >= enoughCharacters) break;
  }
  return lead;
}

const isBlank = (node: PhrasingContent) => (node.type === 'text' && node.value.trim() === '') || node.type === 'break';

/** A paragraph of images only: Duet renders a lone titled one as a figure. */
function isFigure(node: Nodes): node is Paragraph {
  if (node.type !== 'paragraph') return false;
  const content = node.children.filter((c) => !isBlank(c));
  const isImage = (c: PhrasingContent): boolean =>
    c.type === 'image' || c.type === 'imageReference' || (c.type === 'link' && c.children.length > 0 && c.children.every((x) => isImage(x) || isBlank(x)));
  return content.length > 0 && content.every(isImage);
}

/** A paragraph set wholly in emphasis right after a figure: a gallery's caption, as pasted or imported. */
function isCaption(node: Paragraph): boolean {
  const content = node.children.filter((c) => !isBlank(c));
  return content.length === 1 && (content[0]!.type === 'emphasis' || content[0]!.type === 'strong');
}

/** What an import keeps of a shortcode it could not convert: `{{< x >}}`, `[x a="b"]…[/x]`. */
const shortcodeSource = String.raw`\{\{[<%][\s\S]{0,500}?[%>]\}\}|\[\/[a-z][\w-]*\]|\[[a-z][\w-]*(?:\s+[\w-]+=(?:"[^"\]]*"|'[^'\]]*'|[^\s\]]+))+\s*\/?\]`;
const shortcodes = new RegExp(shortcodeSource, 'gi');
const isShortcode = (code: string) => new RegExp(`^\\s*(?:${shortcodeSource})\\s*$`, 'i').test(code);
const htmlTag = /<\/?[a-z][\w-]*(?:\s[^<>]*)?\/?>/gi;
const bareAddress = /^(?:[a-z][\w+.-]*:\/\/|www\.)\S+$/i;

/** A paragraph's words as one line; empty when nothing of it is prose. */
function proseOf(node: Paragraph): string {
  const content = node.children.filter((c) => !isBlank(c));
  // A line of code alone is code, however it was marked.
  if (content.every((c) => c.type === 'inlineCode')) return '';
  const text = node.children
    .map((child) => (child.type === 'inlineCode' && isShortcode(child.value) ? '' : inlineText(child)))
    .join('')
    // An excerpt takes a few hundred characters: the patterns below never see a long text.
    .slice(0, maxParagraphCharacters)
    .replace(shortcodes, ' ')
    .replace(htmlTag, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // An embed: a paragraph that is only an address.
  return bareAddress.test(text) ? '' : text;
}
