// Everything a stored Markdown text yields for readers, computed in one pass when the text
// is saved: the HTML, its top-level blocks (the parallel view), the plain text (search
// index and snippets) and the reading time. Pure and synchronous in what it parses, so it
// runs in the render worker (server/render/), never on a request thread.
import type { Locale } from '@/core/locales';
import { deriveExcerpt } from '@/core/content/derive-excerpt';
import { readingMinutesOfTree } from '@/core/content/reading-time';
import { blocksOfTree, type MarkdownBlock } from '@/core/translation/segments';
import { leadParagraphsOf } from './lead-paragraphs';
import { parseMarkdown } from './parse-markdown';
import { plainTextOf } from './plain-text';
import { renderMarkdownTree } from './render-markdown';
import type { ImageSize } from './rehype-images';

/**
 * Bumped whenever the pipeline's output changes for the same input (a plugin, the
 * sanitizer, the highlighter's themes), so stored renderings are made again.
 */
export const renderVersion = 7;

export interface RenderDocumentInput {
  markdown: string;
  locale: Locale;
  images?: Record<string, ImageSize>;
}

export interface RenderedDocument {
  html: string;
  blocks: string[];
  plainText: string;
  /** An excerpt made from the text's lead paragraphs, for when the writer wrote none. */
  derivedExcerpt: string;
  readingMinutes: number;
  renderVersion: number;
  /**
   * The Markdown's top-level blocks (core/translation/segments), cut from the same parse:
   * the translation memory's input when this text goes live, so its transaction does not
   * parse Markdown. Only on a fresh rendering; never stored.
   */
  markdownBlocks?: MarkdownBlock[];
}

/** Whatever renders for a caller: the worker pool on a server, renderDocument itself in tests. */
export type Renderer = (input: RenderDocumentInput) => Promise<RenderedDocument>;

/** What an empty body renders to, without asking anyone. */
export const emptyDocument: RenderedDocument = { html: '', blocks: [], plainText: '', derivedExcerpt: '', readingMinutes: 1, renderVersion };

export async function renderDocument({ markdown, locale, images }: RenderDocumentInput): Promise<RenderedDocument> {
  const tree = parseMarkdown(markdown);
  // The plain text and the lead first: rendering turns this tree into HTML and may change it on the way.
  const plainText = plainTextOf(tree);
  const derivedExcerpt = deriveExcerpt(leadParagraphsOf(tree));
  const minutes = readingMinutesOfTree(tree);
  const markdownBlocks = blocksOfTree(tree, markdown);
  const { html, blocks } = await renderMarkdownTree(tree, markdown, { locale, images });
  return { html, blocks, plainText, derivedExcerpt, readingMinutes: minutes, renderVersion, markdownBlocks };
}
