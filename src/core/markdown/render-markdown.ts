// Turns a post's Markdown into the HTML a page shows: one unified pipeline for the
// article view, the parallel (对照) view and feeds, so they can never disagree.
import type { Element, Root, RootContent } from 'hast';
import rehypeShikiFromHighlighter from '@shikijs/rehype/core';
import { toString } from 'hast-util-to-string';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypeSanitize from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import type { Root as MdastRoot } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import type { Locale } from '@/core/locales';
import type { HighlighterCore } from 'shiki/core';
import { remarkCallouts } from './callouts';
import { codeThemes, getHighlighter } from './highlighter';
import { listItemHandler } from './list-item-handler';
import { parseMarkdown } from './parse-markdown';
import { rehypeCjkSpacing } from './rehype-cjk-spacing';
import { rehypeHeadingIds } from './rehype-heading-ids';
import { rehypeImages, rehypeImageSrcset, type ImageSize } from './rehype-images';
import { rehypeMath } from './rehype-math';
import { rehypePunctuationTrim } from './rehype-punctuation-trim';
import { sanitizeSchema } from './sanitize-schema';

export interface RenderMarkdownOptions {
  locale: Locale;
  /** Intrinsic sizes by image src, so images get width and height and the page does not jump. */
  images?: Record<string, ImageSize>;
}

export interface RenderedHeading {
  depth: number;
  id: string;
  text: string;
}

export interface RenderedMarkdown {
  html: string;
  /** Top-level headings in order, for a table of contents. */
  headings: RenderedHeading[];
  /**
   * The HTML of each top-level block, in order; the footnotes are one last block. Blocks
   * that render nothing (link definitions, raw HTML, which is not rendered) are left out.
   */
  blocks: string[];
}

const footnoteText: Record<Locale, { label: string; back: (reference: string) => string }> = {
  zh: { label: '脚注', back: (reference) => `返回引用 ${reference}` },
  en: { label: 'Footnotes', back: (reference) => `Back to reference ${reference}` },
};

/** Renders Markdown to sanitized, highlighted HTML plus its headings and blocks. */
export async function renderMarkdown(markdown: string, options: RenderMarkdownOptions): Promise<RenderedMarkdown> {
  return renderMarkdownTree(parseMarkdown(markdown), markdown, options);
}

/** The same from a tree parseMarkdown made; `markdown` is its source, for the fallback. */
export async function renderMarkdownTree(mdast: MdastRoot, markdown: string, options: RenderMarkdownOptions): Promise<RenderedMarkdown> {
  const processor = createProcessor(await getHighlighter(), options);
  let tree: Root;
  try {
    tree = await processor.run(mdast);
  } catch (error) {
    // Some shapes the nesting cap does not catch (thousands of nested emphasis marks) can
    // still overflow a tree walker's stack. A reader then gets the words, unformatted,
    // rather than an error page.
    if (!(error instanceof RangeError)) throw error;
    tree = plainTextTree(markdown);
  }
  const blocks = tree.children.filter(isElement);
  return {
    html: processor.stringify(tree),
    headings: blocks.filter(isHeading).map((heading) => ({
      depth: Number(heading.tagName.slice(1)),
      id: String(heading.properties.id ?? ''),
      text: toString(heading),
    })),
    blocks: blocks.map((block) => processor.stringify({ type: 'root', children: [block] })),
  };
}

function createProcessor(highlighter: HighlighterCore, { locale, images }: RenderMarkdownOptions) {
  const footnotes = footnoteText[locale];
  return (
    unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(() => remarkCallouts(locale))
      .use(remarkRehype, {
        handlers: { listItem: listItemHandler },
        // Per-language footnote ids, so the parallel view can show both versions on one page.
        clobberPrefix: `${locale}-`,
        footnoteLabel: footnotes.label,
        // U+FE0E asks for the arrow as text: drawn as an emoji it would ignore the link's
        // colour (and its contrast) and could carry no underline.
        footnoteBackContent: '\u21A9\uFE0E',
        footnoteBackLabel: (referenceIndex, rereferenceIndex) =>
          footnotes.back(`${referenceIndex + 1}${rereferenceIndex > 1 ? `-${rereferenceIndex}` : ''}`),
      })
      .use(rehypeFootnoteLabel, `${locale}-footnote-label`)
      .use(rehypeSlug)
      .use(rehypeHeadingIds)
      // The whole heading is the link: its name is the heading text, and there is no
      // extra focusable "#" that screen readers would announce. Headings that already
      // hold a link are left alone, since links cannot nest.
      .use(rehypeAutolinkHeadings, {
        behavior: 'wrap',
        properties: { className: ['heading-anchor'] },
        test: (heading: Element) => !containsLink(heading) && !isFootnoteLabel(heading),
      })
      .use(rehypeMath)
      .use(rehypeLimitHighlighting)
      .use(() =>
        // shiki types a core highlighter's language names as `never`, which its own
        // rehype plugin's parameter type does not accept; the object is the same.
        rehypeShikiFromHighlighter(highlighter as Parameters<typeof rehypeShikiFromHighlighter>[0], {
          themes: codeThemes,
          // Colours are CSS variables only; the site's CSS picks light or dark (code-theme.css.md).
          defaultColor: false,
          defaultLanguage: 'text',
          fallbackLanguage: 'text',
          addLanguageClass: true,
          transformers: [
            {
              name: 'duet:data-language',
              pre(node) {
                node.properties.dataLanguage = this.options.lang;
              },
            },
          ],
          // A grammar that fails on some input leaves that block as plain, unhighlighted code.
          onError: () => undefined,
        }),
      )
      .use(rehypeAdoptShiki)
      .use(rehypeImages, { images })
      .use(rehypeSanitize, sanitizeSchema)
      .use(rehypeImageSrcset, { images })
      .use(rehypeCjkSpacing)
      .use(rehypePunctuationTrim, { locale })
      .use(rehypeStringify)
  );
}

/**
 * Highlighting costs about a quarter of a millisecond per line; a code block past this
 * size (a pasted log, a data dump) is shown as plain text so one post cannot stall a render.
 */
const maxHighlightedChars = 100_000;

function rehypeLimitHighlighting() {
  return (tree: Root) => {
    visit(tree, 'element', (node) => {
      if (node.tagName !== 'pre') return;
      const [code] = node.children;
      if (code?.type === 'element' && code.tagName === 'code' && toString(code).length > maxHighlightedChars) {
        code.properties.className = ['language-text'];
      }
      return SKIP;
    });
  };
}

/**
 * remark-rehype names the footnotes heading `footnote-label` whatever its options; give it
 * the same per-language prefix as the footnotes so two versions on one page do not clash.
 */
function rehypeFootnoteLabel(id: string) {
  return (tree: Root) => {
    visit(tree, 'element', (node) => {
      if (node.properties.id === 'footnote-label') node.properties.id = id;
      const describedBy = node.properties.ariaDescribedBy;
      if (Array.isArray(describedBy)) {
        node.properties.ariaDescribedBy = describedBy.map((ref) => (ref === 'footnote-label' ? id : ref));
      }
    });
  };
}

/**
 * shiki puts each highlighted block in the tree as a nested root, and names attributes as
 * HTML does (`class`, `tabindex`) where hast tools expect properties (`className`,
 * `tabIndex`); the sanitizer would drop them. Lift the roots and rename the attributes.
 */
function rehypeAdoptShiki() {
  return (tree: Root) => {
    const adopt = (node: Root | Element, fromShiki: boolean) => {
      node.children = node.children.flatMap((child): RootContent[] => {
        const content = child as RootContent | Root;
        if (content.type === 'root') {
          adopt(content, true);
          return content.children;
        }
        if (content.type === 'element') {
          if (fromShiki) renameHtmlAttributes(content);
          adopt(content, fromShiki);
        }
        return [content];
      }) as typeof node.children;
    };
    adopt(tree, false);
  };
}

function renameHtmlAttributes(node: Element): void {
  const { properties } = node;
  const classes = properties.class;
  if (typeof classes === 'string' || Array.isArray(classes)) {
    properties.className = (Array.isArray(classes) ? classes.map(String) : classes.split(/\s+/)).filter(Boolean);
    delete properties.class;
  }
  if (properties.tabindex !== undefined) {
    properties.tabIndex = Number(properties.tabindex);
    delete properties.tabindex;
  }
}

/** One paragraph of literal text per blank-line-separated block: the fallback rendering. */
function plainTextTree(markdown: string): Root {
  const paragraphs = markdown.split(/\r?\n[ \t]*\r?\n/).filter((part) => part.trim() !== '');
  const children = paragraphs.map(
    (text): Element => ({ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: text.trim() }] }),
  );
  return { type: 'root', children: children.flatMap((p, i): RootContent[] => (i === 0 ? [p] : [{ type: 'text', value: '\n' }, p])) };
}

function isElement(node: RootContent): node is Element {
  return node.type === 'element';
}

function isHeading(node: Element): boolean {
  return /^h[1-6]$/.test(node.tagName);
}

function isFootnoteLabel(node: Element): boolean {
  return typeof node.properties.id === 'string' && node.properties.id.endsWith('-footnote-label');
}

function containsLink(node: Element): boolean {
  return node.children.some((child) => child.type === 'element' && (child.tagName === 'a' || containsLink(child)));
}
