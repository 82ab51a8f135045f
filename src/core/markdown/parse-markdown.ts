// The one way Duet parses Markdown into a syntax tree (mdast), shared by the renderer and
// the plain-text extractor so a text is parsed once per save: nesting capped, hostile
// runs of marks defused, very long texts parsed in pieces. Each step is linear.
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { defuseMarkdown } from './defuse-markdown';
import { markDetails } from './details-blocks';
import { limitNesting } from './limit-nesting';
import { markDisplayMath, remarkDuetMath } from './math-tree';
import { parseInChunks } from './parse-in-chunks';

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDuetMath);

export function parseMarkdown(markdown: string): Root {
  return parseInChunks(defuseMarkdown(limitNesting(markdown)), parsePiece);
}

function parsePiece(text: string): Root {
  const tree = parser.parse(text);
  markDisplayMath(tree, text);
  markDetails(tree, parsePiece);
  return tree;
}
