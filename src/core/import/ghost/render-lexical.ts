// Renders a Ghost lexical document (the editor format of Ghost 5 and 6) into body blocks:
// text nodes become HTML with their formatting, cards go through renderGhostCard. Nesting
// (lists in lists, quotes) is followed to a fixed depth; anything deeper is kept as text.
import { escapeHtml } from '@/core/markdown/html-tree';
import { type BodyBlock, renderGhostCard } from './render-ghost-card';
import type { RenderedBody } from './render-mobiledoc';

interface LexicalNode {
  type?: string;
  children?: LexicalNode[];
  text?: string;
  format?: number | string;
  tag?: string;
  listType?: string;
  start?: number;
  checked?: boolean;
  url?: string;
  [field: string]: unknown;
}

const maxDepth = 60;
// Lexical's text format bits.
const bold = 1;
const italic = 2;
const strikethrough = 4;
const code = 16;

const elementTypes = new Set([
  'root', 'paragraph', 'heading', 'quote', 'aside', 'list', 'listitem', 'link', 'autolink', 'text', 'linebreak', 'tab',
  'extended-text', 'extended-heading', 'extended-quote',
]);

export function renderLexical(document: unknown): RenderedBody {
  const root = ((document ?? {}) as { root?: LexicalNode }).root;
  const blocks: BodyBlock[] = [];
  const kept: string[] = [];
  for (const node of root?.children ?? []) {
    const type = node.type ?? '';
    if (elementTypes.has(type)) {
      blocks.push({ html: renderNode(node, 0) });
      continue;
    }
    const result = renderGhostCard(type, node as Record<string, unknown>);
    blocks.push(...result.blocks);
    if (result.kept) kept.push(result.kept);
  }
  return { blocks, kept };
}

function renderNode(node: LexicalNode, depth: number): string {
  if (depth > maxDepth) return escapeHtml(plainText(node));
  const inner = () => (node.children ?? []).map((child) => renderNode(child, depth + 1)).join('');
  switch (node.type) {
    case 'text':
    case 'extended-text':
      return formatText(node);
    case 'linebreak':
      return '<br>';
    case 'tab':
      return ' ';
    case 'paragraph':
      return `<p>${inner()}</p>`;
    case 'heading':
    case 'extended-heading': {
      const tag = /^h[1-6]$/.test(node.tag ?? '') ? node.tag! : 'h2';
      return `<${tag}>${inner()}</${tag}>`;
    }
    case 'quote':
    case 'aside':
    case 'extended-quote':
      return `<blockquote>${inner()}</blockquote>`;
    case 'list': {
      const ordered = node.listType === 'number';
      const start = ordered && typeof node.start === 'number' && node.start > 1 ? ` start="${Math.floor(node.start)}"` : '';
      const items = (node.children ?? []).map((child) => renderNode({ ...child, checklist: node.listType === 'check' }, depth + 1)).join('');
      return ordered ? `<ol${start}>${items}</ol>` : `<ul>${items}</ul>`;
    }
    case 'listitem': {
      const box = node.checklist ? `<input type="checkbox"${node.checked ? ' checked' : ''}>` : '';
      return `<li>${box}${inner()}</li>`;
    }
    case 'link':
    case 'autolink':
      return `<a href="${escapeHtml(String(node.url ?? ''))}">${inner()}</a>`;
    default:
      // A card inside text (rare): render it as its own HTML when it has any.
      return renderGhostCard(node.type ?? '', node as Record<string, unknown>)
        .blocks.map((block) => ('html' in block ? block.html : `<p>${escapeHtml(block.markdown)}</p>`))
        .join('');
  }
}

function formatText(node: LexicalNode): string {
  let html = escapeHtml(String(node.text ?? ''));
  const format = typeof node.format === 'number' ? node.format : 0;
  if (format & code) html = `<code>${html}</code>`;
  if (format & strikethrough) html = `<s>${html}</s>`;
  if (format & italic) html = `<em>${html}</em>`;
  if (format & bold) html = `<strong>${html}</strong>`;
  return html;
}

function plainText(node: LexicalNode): string {
  const parts: string[] = [];
  const stack: LexicalNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (typeof current.text === 'string') parts.push(current.text);
    for (let i = (current.children?.length ?? 0) - 1; i >= 0; i--) stack.push(current.children![i]!);
  }
  return parts.join(' ');
}
