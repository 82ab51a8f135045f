// Hugo shortcodes in a Markdown body. Those with a plain Markdown meaning are converted:
// {{< figure >}} becomes an image whose title is the caption (Duet shows it as a
// captioned figure), {{< highlight lang >}}…{{< /highlight >}} a fenced code block, the
// embeds (youtube, vimeo, bilibili, gist, x/tweet, instagram) a paragraph holding the
// link, ref/relref the path of the page they name. The popular themes' block shortcodes
// (hugo-shortcode-blocks.ts) become Duet Markdown: admonitions, notices, alerts, callouts
// and hints a GitHub alert (`> [!TIP]`), details a <details> block, tabs a heading per
// tab. Every other shortcode ({{% columns %}}…) stays in the text, visibly, as inline
// code, and is reported. `{{</* x */>}}`, Hugo's way of writing a shortcode literally,
// becomes `{{< x >}}`. Inside fenced code nothing is converted. Tags are found in one
// pass; each is looked at once, and a block's content is converted once, inside it.

import { toPlainLine } from '../import-values';
import { blockConverters, type BlockContext } from './hugo-shortcode-blocks';
import { fallbackRefPath } from './hugo-refs';
import type { Tag } from './shortcode-tag';

export interface ConvertedShortcodes {
  markdown: string;
  kept: string[];
}

export interface ShortcodeOptions {
  /**
   * The Duet path of the page a ref/relref names (its argument, e.g. `posts/a.md` or
   * `/blog/a`), when the importer knows it; without one, or when it answers null, the
   * link points at `/posts/<the page's file or folder name>`.
   */
  resolveRef?: (target: string) => string | null;
}

const maxTagLength = 4000;
/** Blocks inside blocks deeper than this stay as text (and are reported). */
const maxBlockDepth = 8;
const embeds: Record<string, (args: string[], named: Record<string, string>) => string | null> = {
  youtube: (a, n) => (n.id ?? a[0] ? `https://www.youtube.com/watch?v=${n.id ?? a[0]}` : null),
  vimeo: (a, n) => (n.id ?? a[0] ? `https://vimeo.com/${n.id ?? a[0]}` : null),
  bilibili: (a, n) => {
    const id = n.id ?? n.bvid ?? a[0];
    return id ? `https://www.bilibili.com/video/${/^\d+$/.test(id) ? `av${id}` : id}` : null;
  },
  gist: (a, n) => ((n.user ?? a[0]) && (n.id ?? a[1]) ? `https://gist.github.com/${n.user ?? a[0]}/${n.id ?? a[1]}` : null),
  x: (a, n) => ((n.user ?? a[0]) && (n.id ?? a[1]) ? `https://x.com/${n.user ?? a[0]}/status/${n.id ?? a[1]}` : null),
  instagram: (a, n) => (n.id ?? a[0] ? `https://www.instagram.com/p/${n.id ?? a[0]}/` : null),
};
embeds.tweet = embeds.x!;
embeds.twitter = embeds.x!;

export function convertHugoShortcodes(markdown: string, options: ShortcodeOptions = {}): ConvertedShortcodes {
  const kept: string[] = [];
  const converted = convertText(markdown, options, kept, { depth: 0, tabNames: [] });
  return { markdown: converted, kept };
}

function convertText(markdown: string, options: ShortcodeOptions, kept: string[], context: BlockContext): string {
  if (!markdown.includes('{{')) return markdown;
  const fences = findFences(markdown);
  const tags = findTags(markdown);
  const highlightClosers = tags.flatMap((tag, index) => (tag.closing && !tag.escaped && tag.name === 'highlight' ? [index] : []));
  const closers = matchBlockClosers(tags, fences);
  const out: string[] = [];
  let copied = 0;
  let tabIndex = 0;
  for (let index = 0; index < tags.length; index++) {
    const tag = tags[index]!;
    if (tag.start < copied) continue;
    out.push(markdown.slice(copied, tag.start));
    copied = tag.end;
    if (tag.escaped) {
      out.push(tag.raw);
      continue;
    }
    if (insideFence(fences, tag.start)) {
      out.push(markdown.slice(tag.start, tag.end));
      continue;
    }
    if (tag.name === 'highlight' && !tag.closing) {
      const closeIndex = firstAfter(highlightClosers, index);
      if (closeIndex !== undefined) {
        const close = tags[closeIndex]!;
        out.push(fencedCode(markdown.slice(tag.end, close.start), tag.args[0] ?? tag.named.lang ?? ''));
        copied = close.end;
        index = closeIndex;
        continue;
      }
    }
    const closeIndex = closers.get(index);
    const block = blockConverters[tag.name];
    if (block && closeIndex !== undefined && context.depth < maxBlockDepth) {
      const close = tags[closeIndex]!;
      const inner = markdown.slice(tag.end, close.start);
      const result = block(tag, (text, nested) => convertText(text, options, kept, { depth: context.depth + 1, tabNames: nested?.tabNames ?? [] }), inner, {
        ...context,
        tabIndex: tabIndex,
      });
      if (tag.name === 'tab') tabIndex += 1;
      out.push(result);
      copied = close.end;
      index = closeIndex;
      continue;
    }
    const converted = convertSingle(tag, options);
    if (converted !== null) {
      out.push(converted);
    } else {
      out.push(inlineCode(markdown.slice(tag.start, tag.end)));
      if (!tag.closing) kept.push(tag.name);
    }
  }
  out.push(markdown.slice(copied));
  return out.join('');
}

/** For each opening tag of a block shortcode, the index of the tag that closes it (same name, nesting counted). */
function matchBlockClosers(tags: Tag[], fences: Array<[number, number]>): Map<number, number> {
  const closers = new Map<number, number>();
  const open = new Map<string, number[]>();
  tags.forEach((tag, index) => {
    if (tag.escaped || !blockConverters[tag.name] || insideFence(fences, tag.start)) return;
    const stack = open.get(tag.name) ?? [];
    open.set(tag.name, stack);
    if (!tag.closing) stack.push(index);
    else {
      const opener = stack.pop();
      if (opener !== undefined) closers.set(opener, index);
    }
  });
  return closers;
}

/** Leftover shortcode tags taken out of a line of plain text (an excerpt, a description). */
export function withoutShortcodes(text: string): string {
  return text
    .replace(/`*\{\{[<%][\s\S]{0,4000}?[%>]\}\}`*/g, ' ')
    .replace(/\[!(?:note|tip|important|warning|caution)\]/gi, ' ')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

function convertSingle(tag: Tag, options: ShortcodeOptions): string | null {
  if (tag.closing) return null;
  const { args, named } = tag;
  if (tag.name === 'figure') {
    const src = named.src ?? args[0];
    if (!src) return null;
    const caption = toPlainLine(plain(named.caption ?? named.title ?? ''));
    const image = `![${escapeText(plain(named.alt ?? ''))}](${destination(src)}${caption ? ` "${caption.replace(/"/g, '\\"')}"` : ''})`;
    return `\n\n${named.link ? `[${image}](${destination(named.link)})` : image}\n\n`;
  }
  if (tag.name === 'ref' || tag.name === 'relref') {
    const target = args[0] ?? named.path;
    return target ? refPath(target, options) : null;
  }
  const embed = embeds[tag.name]?.(args, named);
  return embed ? `\n\n<${embed}>\n\n` : null;
}

/** Where a ref/relref points in Duet: the importer's answer, else `/posts/<name>` (and its #anchor). */
function refPath(target: string, options: ShortcodeOptions): string {
  return options.resolveRef?.(target) || fallbackRefPath(target);
}

/** Every shortcode tag, in order. */
function findTags(text: string): Tag[] {
  const tags: Tag[] = [];
  // The next `>}}` and `%}}` after the current position, found once per stretch of text.
  const next = { '>}}': -1, '%}}': -1 } as Record<string, number>;
  let at = 0;
  while ((at = text.indexOf('{{', at)) >= 0) {
    const delimiter = text[at + 2];
    if (delimiter !== '<' && delimiter !== '%') {
      at += 2;
      continue;
    }
    const closer = delimiter === '<' ? '>}}' : '%}}';
    if (next[closer]! < at + 3 && next[closer] !== -2) next[closer] = text.indexOf(closer, at + 3);
    if (next[closer] === -1) next[closer] = -2;
    const end = next[closer]! >= 0 && next[closer]! - at <= maxTagLength ? findClose(text, at + 3, closer) : -1;
    if (end < 0) {
      at += 3;
      continue;
    }
    let inner = text.slice(at + 3, end).trim();
    const escaped = inner.startsWith('/*') && inner.endsWith('*/');
    if (escaped) inner = inner.slice(2, -2).trim();
    const closing = inner.startsWith('/');
    const tokens = tokenize(closing ? inner.slice(1).trim() : inner);
    const name = (tokens.shift() ?? '').toLowerCase();
    const args: string[] = [];
    const named: Record<string, string> = {};
    for (const token of tokens) {
      const pair = /^([\w-]+)=([\s\S]*)$/.exec(token);
      if (pair) named[pair[1]!.toLowerCase()] = unquote(pair[2]!);
      else args.push(unquote(token));
    }
    const raw = `{{${delimiter} ${inner} ${closer}`;
    tags.push({ start: at, end: end + 3, percent: delimiter === '%', escaped, name, closing, args, named, raw });
    at = end + 3;
  }
  return tags;
}

/** Position of the closing `>}}` or `%}}`, honouring quotes, within the length limit. */
function findClose(text: string, from: number, closer: string): number {
  let quote = '';
  const limit = Math.min(text.length, from + maxTagLength);
  for (let i = from; i < limit; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = '';
      else if (ch === '\\' && quote === '"') i++;
    } else if (ch === '"' || ch === '`') {
      quote = ch;
    } else if (ch === closer[0] && text.startsWith(closer, i)) {
      return i;
    }
  }
  return -1;
}

function tokenize(inner: string): string[] {
  return inner.match(/[\w-]+=(?:"(?:\\.|[^"\\])*"|`[^`]*`|\S+)|"(?:\\.|[^"\\])*"|`[^`]*`|\S+/g) ?? [];
}

function unquote(value: string): string {
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) return value.slice(1, -1).replace(/\\(["\\])/g, '$1');
  if (value.startsWith('`') && value.endsWith('`') && value.length >= 2) return value.slice(1, -1);
  return value;
}

/** Character ranges of fenced code blocks. */
function findFences(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let open: { marker: string; start: number } | null = null;
  let offset = 0;
  for (const line of text.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (open) {
      if (marker && marker[0] === open.marker[0] && marker.length >= open.marker.length && !line.slice(line.indexOf(marker) + marker.length).trim()) {
        ranges.push([open.start, offset + line.length]);
        open = null;
      }
    } else if (marker && !(marker[0] === '`' && line.slice(line.indexOf(marker) + marker.length).includes('`'))) {
      open = { marker, start: offset };
    }
    offset += line.length + 1;
  }
  if (open) ranges.push([open.start, text.length]);
  return ranges;
}

function insideFence(ranges: Array<[number, number]>, position: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = ranges[middle]!;
    if (position < start) high = middle - 1;
    else if (position > end) low = middle + 1;
    else return true;
  }
  return false;
}

function firstAfter(sorted: number[], after: number): number | undefined {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! <= after) low = middle + 1;
    else high = middle;
  }
  return sorted[low];
}

function fencedCode(content: string, language: string): string {
  const code = content.replace(/^[ \t]*\n/, '').replace(/\n[ \t]*$/, '');
  let longest = 0;
  for (const run of code.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language.replace(/[^\w+#.-]/g, '')}\n${code}\n${fence}`;
}

function inlineCode(raw: string): string {
  const text = raw.replace(/\s*\n\s*/g, ' ');
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text}${ticks}`;
}

/** A link destination, in angle brackets only when it has characters that need them. */
function destination(url: string): string {
  const clean = url.replace(/[<>\n]/g, '');
  return /[\s()]/.test(clean) ? `<${clean}>` : clean;
}

function plain(value: string): string {
  return value.replace(/<[^<>]{0,500}>/g, '').replace(/\s+/g, ' ').trim();
}

function escapeText(value: string): string {
  return value.replace(/[[\]\\]/g, '\\$&');
}
