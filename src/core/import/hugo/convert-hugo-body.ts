// The Markdown body of a Hugo page, made plain CommonMark: shortcodes converted or kept
// visibly, heading attributes (`## Title {#anchor}`, `{anchor=false}`) removed because
// Duet makes its own heading ids, and the `<!--more-->` summary divider taken out, the
// text before it becoming the excerpt (without what is left of shortcodes or alert
// markers: those never reach an excerpt).
import { toPlainLine } from '../import-values';
import { convertHugoShortcodes, withoutShortcodes, type ShortcodeOptions } from './convert-hugo-shortcodes';

export interface HugoBody {
  markdown: string;
  /** Plain text before `<!--more-->`, or '' when there is no divider. */
  summary: string;
  kept: string[];
}

const attribute = String.raw`(?:[#.][\w:-]+|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s}]+))`;
const headingAttributes = new RegExp(String.raw`^((?:[ \t]*(?:[-*+]|\d{1,9}[.)]|>)[ \t]+)*[ \t]*#{1,6}[ \t].*?)[ \t]*\{[ \t]*${attribute}(?:[ \t]+${attribute})*[ \t]*\}[ \t]*$`);
// A fence may sit in a blockquote, as an admonition's code does once it is a GitHub alert.
const fence = /^(?:[ \t]{0,3}>[ \t]?)*[ \t]{0,3}(`{3,}|~{3,})/;
const quotePrefix = /^(?:[ \t]{0,3}>[ \t]?)*/;

/**
 * Hugo's Markdown eats one backslash, so sites that let MathJax or KaTeX find `\(…\)` and
 * `\[…\]` in the page write them `\\(…\\)` and `\\[…\\]` (LoveIt's documentation says so).
 * Duet reads the delimiters themselves: a pair on one line, or `\\[` and `\\]` each alone
 * on its line, loses the extra backslash. Inline code is left alone.
 */
export function unescapeMathDelimiters(line: string): string {
  if (!line.includes('\\\\')) return line;
  const alone = /^([ \t]*(?:>[ \t]?)*[ \t]*)\\\\([[\]])[ \t]*$/.exec(line);
  if (alone) return `${alone[1]}\\${alone[2]}`;
  return line.replace(/(`+)[\s\S]*?\1|\\\\\(([\s\S]+?)\\\\\)|\\\\\[([\s\S]+?)\\\\\]/g, (whole, ticks: string | undefined, inline: string | undefined, display: string | undefined) => {
    if (ticks) return whole;
    return inline !== undefined ? `\\(${inline}\\)` : `\\[${display}\\]`;
  });
}

export function convertHugoBody(markdown: string, options: ShortcodeOptions = {}): HugoBody {
  const { markdown: converted, kept } = convertHugoShortcodes(markdown, options);
  const lines: string[] = [];
  let open: string | null = null;
  let inDisplayMath = false;
  let divider = -1;
  for (const source of converted.split('\n')) {
    const marker = fence.exec(source)?.[1];
    // TeX inside a `$$` block keeps its `\\` line breaks as written.
    if (!open && !marker && source.replace(quotePrefix, '').trim() === '$$') inDisplayMath = !inDisplayMath;
    const line = open || marker || inDisplayMath || source.length >= 2000 ? source : unescapeMathDelimiters(source);
    if (open) {
      // A closing fence is the marker alone: "```markdown" inside a block opens nothing and closes nothing.
      if (marker && marker[0] === open[0] && marker.length >= open.length && line.replace(quotePrefix, '').trim() === marker) open = null;
      lines.push(line);
      continue;
    }
    if (marker) {
      open = marker;
      lines.push(line);
      continue;
    }
    if (divider < 0 && line.trim() === '<!--more-->') {
      divider = lines.length;
      continue;
    }
    lines.push(line.length < 2000 ? line.replace(headingAttributes, '$1') : line);
  }
  const summary = divider >= 0 ? withoutShortcodes(toPlainLine(lines.slice(0, divider).join('\n'))) : '';
  return { markdown: lines.join('\n').replace(/\n{3,}/g, '\n\n').trim(), summary, kept };
}
