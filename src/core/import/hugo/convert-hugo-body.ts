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

export function convertHugoBody(markdown: string, options: ShortcodeOptions = {}): HugoBody {
  const { markdown: converted, kept } = convertHugoShortcodes(markdown, options);
  const lines: string[] = [];
  let open: string | null = null;
  let divider = -1;
  for (const line of converted.split('\n')) {
    const marker = fence.exec(line)?.[1];
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
