// Turns HTML into clean GitHub-flavoured Markdown for Duet's editor: bodies imported from
// Ghost, WordPress or Hugo, and office documents pasted from Google Docs or Word. Only
// structure survives (headings, emphasis, lists, links, images, quotes, code with its
// language, tables, rules, line breaks); styles, classes and wrappers do not. Chinese
// keeps its full-width punctuation and gains no spaces. Each step is linear in the input:
// nesting is capped before parsing and every pass visits a node once.
import type { Root as HastRoot } from 'hast';
import type { PhrasingContent, Root as MdastRoot } from 'mdast';
import rehypeParse from 'rehype-parse';
import rehypeRemark, { type Options as RehypeRemarkOptions } from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { cleanHtmlTree } from './clean-html-tree';
import { cleanOfficeHtml } from './clean-office-html';
import { limitHtmlDepth } from './limit-html-depth';
import { tidyMarkdownTree } from './tidy-markdown-tree';

export interface HtmlToMarkdownOptions {
  /** Resolves relative link and image URLs; without it they stay as written. */
  baseUrl?: string;
  /** Source-specific rewrites of the parsed HTML (Ghost cards…), run before the cleanup. */
  transforms?: Array<(tree: HastRoot) => void>;
}

export interface HtmlToMarkdownResult {
  markdown: string;
  /** http(s) image URLs left in the Markdown, for the caller to mark as remote. */
  remoteImages: string[];
}

const parser = unified().use(rehypeParse, { fragment: true });
type Handle = NonNullable<RehypeRemarkOptions['handlers']>[string];

// Markdown has no superscript or subscript; Duet's renderer accepts the HTML elements.
const rawInline = (tag: string): Handle => (state, node) => [{ type: 'html', value: `<${tag}>` }, ...(state.all(node) as PhrasingContent[]), { type: 'html', value: `</${tag}>` }];
const converter = unified().use(rehypeRemark, { handlers: { sup: rawInline('sup'), sub: rawInline('sub') } });
const printer = unified()
  .use(remarkGfm, { tablePipeAlign: false })
  .use(remarkStringify, {
    bullet: '-',
    emphasis: '*',
    strong: '*',
    fence: '`',
    fences: true,
    rule: '-',
    listItemIndent: 'one',
    incrementListMarker: true,
    resourceLink: false,
  });

export function htmlToMarkdown(html: string, options: HtmlToMarkdownOptions = {}): HtmlToMarkdownResult {
  if (!html.trim()) return { markdown: '', remoteImages: [] };
  const hast = parser.parse(limitHtmlDepth(html)) as HastRoot;
  for (const transform of options.transforms ?? []) transform(hast);
  cleanOfficeHtml(hast);
  cleanHtmlTree(hast, { baseUrl: options.baseUrl });
  const mdast = converter.runSync(hast) as MdastRoot;
  const remoteImages = tidyMarkdownTree(mdast);
  const markdown = printer.stringify(mdast).trim();
  return { markdown, remoteImages };
}
