// A reply's HTML from another server, made safe to show under an article: cut to a bound
// length, its nesting capped, then the same rehype-sanitize schema as rendered Markdown
// (core/markdown/sanitize-schema.ts), so nothing that could run or restyle the page stays.
// Links get rel="nofollow ugc noopener": they were written by strangers.
import type { Element, Root } from 'hast';
import rehypeParse from 'rehype-parse';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { limitHtmlDepth } from '@/core/markdown/limit-html-depth';
import { sanitizeSchema } from '@/core/markdown/sanitize-schema';

/** The most of a reply's HTML that is read: Mastodon's own notes are far shorter. */
export const maxReplyHtmlLength = 20_000;

function markLinks() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === 'a') node.properties = { ...node.properties, rel: ['nofollow', 'ugc', 'noopener'] };
    });
  };
}

export function sanitizeReplyHtml(html: string): string {
  const bounded = limitHtmlDepth(html.slice(0, maxReplyHtmlLength), 40);
  return unified().use(rehypeParse, { fragment: true }).use(rehypeSanitize, sanitizeSchema).use(markLinks).use(rehypeStringify).processSync(bounded).toString().trim();
}
