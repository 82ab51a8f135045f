// The Markdown body of a WordPress post. Block-editor (Gutenberg) bodies are HTML between
// `<!-- wp:… -->` delimiters, which go; classic-editor bodies are text whose paragraphs
// WordPress only adds when it displays them (wpautop), so they are restored first. Either
// may hold shortcodes, expanded where they mean plain HTML. The `<!--more-->` tag marks
// the teaser the writer chose, which becomes the excerpt when there is no other. Blocks
// WordPress fills in as it displays the page (a query loop, a template part) are taken
// out whole and named (drop-dynamic-blocks.ts), never left as stray words.
import { htmlToMarkdown } from '@/core/markdown/html-to-markdown';
import { restoreParagraphs } from '@/core/markdown/restore-paragraphs';
import { stripBlockComments } from '@/core/markdown/strip-block-comments';
import { toPlainLine } from '../import-values';
import { dropDynamicBlocks } from './drop-dynamic-blocks';
import { expandWordPressShortcodes, type ShortcodeContext } from './expand-wordpress-shortcodes';

export interface WordPressBody {
  markdown: string;
  /** Plain text of the part before `<!--more-->`, when there is such a tag. */
  teaser: string;
  /** Shortcodes kept as text. */
  kept: string[];
  /** Dynamic blocks left out (`wp:query`, `wp:template-part (header)`). */
  dropped: string[];
}

export function convertWordPressBody(original: string, context: ShortcodeContext & { baseUrl?: string }): WordPressBody {
  const isBlocks = original.includes('<!-- wp:');
  const { html: content, dropped } = isBlocks ? dropDynamicBlocks(original) : { html: original, dropped: [] };
  const more = /<!--more(?:\s[^>]{0,200})?-->/.exec(content);
  const toMarkdown = (html: string) => {
    const expanded = expandWordPressShortcodes(isBlocks ? stripBlockComments(html) : html, context);
    const withParagraphs = isBlocks ? expanded.html : restoreParagraphs(expanded.html);
    return { markdown: htmlToMarkdown(withParagraphs.replace(/<!--(?:noteaser|nextpage)-->/g, ''), { baseUrl: context.baseUrl }).markdown, kept: expanded.kept };
  };
  const body = toMarkdown(more ? content.slice(0, more.index) + content.slice(more.index + more[0].length) : content);
  const teaser = more ? toPlainLine(toMarkdown(content.slice(0, more.index)).markdown) : '';
  return { markdown: body.markdown, teaser, kept: body.kept, dropped };
}
