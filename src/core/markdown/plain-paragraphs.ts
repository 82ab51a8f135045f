// The last resort for a text that cannot be rendered: its characters as they are, one
// escaped paragraph per blank-line-separated block. Linear, and safe to show as HTML.
import { escapeHtml } from '@/core/markdown/html-tree';

export function plainParagraphsHtml(markdown: string): string {
  return markdown
    .split(/\r?\n[ \t]*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p>${escapeHtml(part)}</p>`)
    .join('\n');
}
