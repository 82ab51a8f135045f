// The one way Duet parses Markdown into a syntax tree (mdast), shared by the renderer and
// the plain-text extractor so a text is parsed once per save: nesting capped, hostile
// runs of marks defused, very long texts parsed in pieces. Each step is linear.
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { defuseMarkdown } from './defuse-markdown';
import { limitNesting } from './limit-nesting';
import { parseInChunks } from './parse-in-chunks';

const parser = unified().use(remarkParse).use(remarkGfm);

export function parseMarkdown(markdown: string): Root {
  return parseInChunks(defuseMarkdown(limitNesting(markdown)), (text) => parser.parse(text));
}
