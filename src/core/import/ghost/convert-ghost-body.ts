// The Markdown body of a Ghost post, from whichever form the export holds: the rendered
// `html` when present (Ghost writes it for every published and draft post), else the
// editor document (lexical in Ghost 5+, mobiledoc before). A post that is a single
// markdown card (every post written in Ghost 1, and many since) keeps its Markdown
// exactly as the writer typed it. `__GHOST_URL__` becomes the site root, so images point
// at `/content/images/…` and can be found in the export archive.
import type { Element, ElementContent, Root } from 'hast';
import { htmlToMarkdown } from '@/core/markdown/html-to-markdown';
import { attribute, classesOf, element, hasClass, text, textOf } from '@/core/markdown/html-tree';
import type { BodyBlock } from './render-ghost-card';
import { renderLexical } from './render-lexical';
import { renderMobiledoc } from './render-mobiledoc';

export interface GhostBodySource {
  html?: unknown;
  lexical?: unknown;
  mobiledoc?: unknown;
  plaintext?: unknown;
}

export interface GhostBody {
  markdown: string;
  /** Cards kept as data because Duet has no equivalent. */
  kept: string[];
}

export function convertGhostBody(post: GhostBodySource): GhostBody {
  const lexical = parseDocument(post.lexical);
  const mobiledoc = parseDocument(post.mobiledoc);
  const markdownCard = soleMarkdownCard(lexical, mobiledoc);
  if (markdownCard !== null) return { markdown: markdownCard, kept: [] };
  if (typeof post.html === 'string' && post.html.trim()) {
    return { markdown: htmlToMarkdown(siteRelative(post.html), { transforms: [rewriteGhostCards] }).markdown, kept: [] };
  }
  const rendered = lexical ? renderLexical(lexical) : mobiledoc ? renderMobiledoc(mobiledoc) : null;
  if (rendered) return { markdown: blocksToMarkdown(rendered.blocks), kept: rendered.kept };
  return { markdown: typeof post.plaintext === 'string' ? post.plaintext.trim() : '', kept: [] };
}

/** Ghost's placeholder for the site's own address, made site-relative. */
export function siteRelative(value: string): string {
  return value.replaceAll('__GHOST_URL__', '');
}

/** Runs of HTML blocks converted together; Markdown blocks (markdown cards) kept as written. */
export function blocksToMarkdown(blocks: BodyBlock[]): string {
  const parts: string[] = [];
  let html: string[] = [];
  const flush = () => {
    if (html.length === 0) return;
    const markdown = htmlToMarkdown(html.join('\n')).markdown;
    if (markdown) parts.push(markdown);
    html = [];
  };
  for (const block of blocks) {
    if ('html' in block) {
      html.push(siteRelative(block.html));
    } else {
      flush();
      if (block.markdown) parts.push(siteRelative(block.markdown));
    }
  }
  flush();
  return parts.join('\n\n');
}

function parseDocument(value: unknown): unknown {
  if (typeof value !== 'string' || !value.trim()) return value && typeof value === 'object' ? value : null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

function soleMarkdownCard(lexical: unknown, mobiledoc: unknown): string | null {
  const nodes = (lexical as { root?: { children?: Array<Record<string, unknown>> } } | null)?.root?.children;
  if (Array.isArray(nodes)) {
    const content = nodes.filter((node) => !(node.type === 'paragraph' && !(node.children as unknown[] | undefined)?.length));
    return content.length === 1 && content[0]!.type === 'markdown' ? siteRelative(String(content[0]!.markdown ?? '')).trim() : null;
  }
  const doc = mobiledoc as { cards?: unknown[]; sections?: unknown[] } | null;
  if (!doc || !Array.isArray(doc.cards) || doc.cards.length !== 1 || !Array.isArray(doc.sections)) return null;
  const [name, payload] = doc.cards[0] as [string, { markdown?: unknown }];
  const onlyCard = doc.sections.every((section) => Array.isArray(section) && (section[0] === 10 || (section[0] === 1 && !(section[2] as unknown[])?.length)));
  return onlyCard && (name === 'markdown' || name === 'card-markdown') ? siteRelative(String(payload?.markdown ?? '')).trim() : null;
}

/** Ghost's rendered cards (bookmark, callout, toggle…) as the plain HTML they stand for. */
export function rewriteGhostCards(tree: Root): void {
  rewrite(tree.children as ElementContent[], 0, (children) => (tree.children = children as Root['children']));
}

function rewrite(children: ElementContent[], depth: number, set: (children: ElementContent[]) => void): void {
  if (depth > 150) return;
  const out: ElementContent[] = [];
  for (const child of children) {
    if (child.type !== 'element') {
      out.push(child);
      continue;
    }
    const replacement = classesOf(child).includes('kg-') ? rewriteCard(child) : null;
    if (replacement) {
      out.push(...replacement);
      continue;
    }
    rewrite(child.children, depth + 1, (next) => (child.children = next));
    out.push(child);
  }
  set(out);
}

function rewriteCard(node: Element): ElementContent[] | null {
  const find = (className: string) => findByClass(node, className);
  if (hasClass(node, 'kg-bookmark-card')) {
    const container = findByTag(node, 'a');
    const href = container ? attribute(container, 'href') : undefined;
    if (!href) return null;
    const title = textOf(find('kg-bookmark-title') ?? container!).trim() || href;
    const description = textOf(find('kg-bookmark-description') ?? text('')).trim();
    const caption = findByTag(node, 'figcaption');
    return [
      element('p', {}, [element('a', { href }, [text(title)]), ...(description ? [text(` — ${description}`)] : [])]),
      ...(caption ? [element('p', {}, caption.children)] : []),
    ];
  }
  if (hasClass(node, 'kg-callout-card')) {
    const emoji = textOf(find('kg-callout-emoji') ?? text('')).trim();
    const body = find('kg-callout-text');
    return [element('blockquote', {}, [element('p', {}, [text(emoji ? `${emoji} ` : ''), ...(body?.children ?? [])])])];
  }
  if (hasClass(node, 'kg-toggle-card')) {
    const heading = find('kg-toggle-heading-text');
    const content = find('kg-toggle-content');
    return [element('p', {}, [element('strong', {}, heading?.children ?? [])]), ...(content?.children ?? [])];
  }
  if (hasClass(node, 'kg-audio-card') || hasClass(node, 'kg-video-card') || hasClass(node, 'kg-file-card')) {
    const media = findByTag(node, 'audio') ?? findByTag(node, 'video') ?? findByTag(node, 'a');
    const href = media ? (attribute(media, 'src') ?? attribute(media, 'href')) : undefined;
    if (!href) return [];
    const title = textOf(find('kg-audio-title') ?? find('kg-file-card-title') ?? text('')).trim() || href;
    const caption = findByTag(node, 'figcaption') ?? find('kg-file-card-caption');
    return [element('p', {}, [element('a', { href }, [text(title)])]), ...(caption ? [element('p', {}, caption.children)] : [])];
  }
  return null;
}

function findByClass(node: Element, className: string): Element | undefined {
  return findFirst(node, (el) => hasClass(el, className));
}

function findByTag(node: Element, tagName: string): Element | undefined {
  return findFirst(node, (el) => el.tagName === tagName);
}

function findFirst(node: Element, test: (el: Element) => boolean): Element | undefined {
  const stack: ElementContent[] = [...node.children].reverse();
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.type !== 'element') continue;
    if (test(current)) return current;
    for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]!);
  }
  return undefined;
}
