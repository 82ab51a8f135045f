// Caps how deeply the elements of an HTML string nest before it is parsed. The HTML
// parser's tree conversion and the HTML-to-Markdown handlers recurse once per level, so
// 20,000 nested <div>s from a broken or hostile export would overflow the stack. Real
// posts never nest more than a few dozen levels; deeper tags are dropped, their text kept.

/** Elements deeper than this lose their tags (their content stays). */
export const maxHtmlDepth = 120;

// Elements a parser closes by itself when a sibling starts, so an unclosed run of them
// (`<p>a<p>b`, `<li>a<li>b`) is flat, not deep.
const selfClosing = new Set([
  'p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'option', 'optgroup',
  'rb', 'rt', 'rp', 'rtc', 'colgroup', 'caption', 'html', 'head', 'body',
]);
const voidElements = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source',
  'track', 'wbr', 'keygen', 'basefont', 'bgsound', 'frame', 'image', 'isindex', 'nextid',
]);
// Their content is text to the parser: tags inside do not nest.
const rawText = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

const tagName = /^<(\/?)([a-zA-Z][a-zA-Z0-9:_-]{0,63})/;

/** `html` unchanged when it nests less than `max` levels, else with the deeper tags removed. */
export function limitHtmlDepth(html: string, max = maxHtmlDepth): string {
  return measureDepth(html) <= max ? html : dropDeepTags(html, max);
}

interface Tag {
  start: number;
  end: number;
  name: string;
  closing: boolean;
  selfClosed: boolean;
}

/** The next tag at or after `from`, skipping comments and the content of raw-text elements. */
function* readTags(html: string): Generator<Tag> {
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt < 0) return;
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      at = close < 0 ? html.length : close + 3;
      continue;
    }
    const match = tagName.exec(html.slice(lt, lt + 66));
    if (!match) {
      at = lt + 1;
      continue;
    }
    const gt = findTagEnd(html, lt + match[0].length);
    const name = match[2]!.toLowerCase();
    const tag: Tag = { start: lt, end: gt, name, closing: match[1] === '/', selfClosed: html[gt - 2] === '/' };
    yield tag;
    at = gt;
    if (!tag.closing && rawText.has(name)) {
      const close = new RegExp(`</${name}`, 'ig');
      close.lastIndex = gt;
      at = close.exec(html)?.index ?? html.length;
    }
  }
}

/** Index just past the `>` that ends a tag, honouring quoted attribute values. */
function findTagEnd(html: string, from: number): number {
  let quote = '';
  for (let i = from; i < html.length; i++) {
    const ch = html[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '>') {
      return i + 1;
    }
  }
  return html.length;
}

function counts(tag: Tag): boolean {
  return !voidElements.has(tag.name) && !selfClosing.has(tag.name) && !tag.selfClosed;
}

function measureDepth(html: string): number {
  // A cheap bound first: fewer tags than the cap cannot nest deeper than it.
  let lt = 0;
  let tags = 0;
  while ((lt = html.indexOf('<', lt) + 1) > 0) if (++tags > maxHtmlDepth) break;
  if (tags <= maxHtmlDepth) return tags;

  const open: string[] = [];
  let deepest = 0;
  for (const tag of readTags(html)) {
    if (!counts(tag)) continue;
    if (!tag.closing) {
      open.push(tag.name);
      deepest = Math.max(deepest, open.length);
    } else {
      closeUpTo(open, tag.name);
    }
  }
  return deepest;
}

function dropDeepTags(html: string, max: number): string {
  const names: string[] = [];
  const kept: boolean[] = [];
  const parts: string[] = [];
  let copied = 0;
  for (const tag of readTags(html)) {
    if (!counts(tag)) continue;
    let keep: boolean;
    if (!tag.closing) {
      keep = names.length < max;
      names.push(tag.name);
      kept.push(keep);
    } else {
      const index = findOpen(names, tag.name);
      keep = index >= 0 && kept[index] === true;
      if (index >= 0) names.length = kept.length = index;
    }
    if (!keep) {
      parts.push(html.slice(copied, tag.start));
      copied = tag.end;
    }
  }
  parts.push(html.slice(copied));
  return parts.join('');
}

function closeUpTo(open: string[], name: string): void {
  const index = findOpen(open, name);
  if (index >= 0) open.length = index;
}

/** Where the innermost open `name` is; only the last few levels are searched, so each tag costs O(1). */
function findOpen(open: string[], name: string): number {
  for (let i = open.length - 1; i >= Math.max(0, open.length - 16); i--) if (open[i] === name) return i;
  return -1;
}
