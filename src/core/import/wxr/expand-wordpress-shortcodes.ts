// Replaces the WordPress shortcodes whose meaning is plain HTML with that HTML before a
// body is converted: [caption] (an image with its caption), [gallery] (images, resolved
// from the export's attachments), [embed], [audio], [video] (links to the media) and the
// [code]/[sourcecode] blocks of syntax-highlighting plugins (code with its language).
// Any other shortcode that is clearly one (it has key=value attributes or a closing tag) is kept
// visibly, as code, and reported. `[[name]]` is WordPress's escape for a literal `[name]`.
import { escapeHtml } from '@/core/markdown/html-tree';

export interface ShortcodeContext {
  /** Attachment URL by attachment id, for [gallery ids="…"]. */
  attachmentUrl: (id: string) => string | undefined;
  /** Ids of the images attached to this post, for a [gallery] without ids. */
  childAttachments: () => string[];
}

export interface ExpandedBody {
  html: string;
  kept: string[];
}

const enclosing = new Set(['caption', 'wp_caption', 'embed', 'code', 'sourcecode', 'audio', 'video']);
const maxTagLength = 2000;
const maxEnclosedLength = 500_000;

export function expandWordPressShortcodes(content: string, context: ShortcodeContext): ExpandedBody {
  if (!content.includes('[')) return { html: content, kept: [] };
  const closings = indexClosingTags(content);
  const out: string[] = [];
  const kept: string[] = [];
  let copied = 0;
  let at = 0;
  let nextBracket = -1;
  while ((at = content.indexOf('[', at)) >= 0) {
    // Where the next `]` is, found once per stretch so runs of `[` stay linear.
    if (nextBracket < at) nextBracket = content.indexOf(']', at);
    if (nextBracket < 0) break;
    const tag = nextBracket - at <= maxTagLength ? readTag(content, at, nextBracket) : null;
    if (!tag) {
      at++;
      continue;
    }
    if (content[at - 1] === '[' && content[tag.end] === ']') {
      // [[name]]: the writer meant the brackets literally.
      out.push(content.slice(copied, at - 1), content.slice(at, tag.end));
      copied = at = tag.end + 1;
      continue;
    }
    const close = tag.selfClosing ? -1 : firstAfter(closings.get(tag.name), tag.end);
    const hasClose = close >= 0 && close - tag.end <= maxEnclosedLength;
    const inner = hasClose ? content.slice(tag.end, close) : '';
    const end = hasClose ? close + tag.name.length + 3 : tag.end;
    const replacement = render(tag.name, tag.attributes, inner, context);
    if (replacement !== null) {
      out.push(content.slice(copied, at), replacement);
    } else if (hasClose || Object.keys(tag.attributes).some((key) => !/^\d+$/.test(key)) || known(tag.name)) {
      out.push(content.slice(copied, at), `<code>${escapeHtml(content.slice(at, end))}</code>`);
      kept.push(tag.name);
    } else {
      // `[note]` or `[simple boat]` in prose: not a shortcode as far as anyone can tell.
      at = tag.end;
      continue;
    }
    copied = at = end;
  }
  out.push(content.slice(copied));
  return { html: out.join(''), kept };
}

/** Positions of every `[/name]`, by name, in order: one pass instead of a search per tag. */
function indexClosingTags(content: string): Map<string, number[]> {
  const closings = new Map<string, number[]>();
  for (const match of content.matchAll(/\[\/([a-zA-Z][\w-]{0,60})\]/g)) {
    const name = match[1]!.toLowerCase();
    const list = closings.get(name) ?? [];
    list.push(match.index);
    closings.set(name, list);
  }
  return closings;
}

function firstAfter(positions: number[] | undefined, from: number): number {
  if (!positions) return -1;
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (positions[middle]! < from) low = middle + 1;
    else high = middle;
  }
  return positions[low] ?? -1;
}

function known(name: string): boolean {
  return enclosing.has(name) || name === 'gallery' || name === 'playlist';
}

interface Tag {
  name: string;
  attributes: Record<string, string>;
  end: number;
  selfClosing: boolean;
}

function readTag(content: string, at: number, close: number): Tag | null {
  const head = /^\[([a-zA-Z][\w-]{0,60})(?=[\s\]/])/.exec(content.slice(at, at + 64));
  if (!head) return null;
  let body = content.slice(at + head[0].length, close);
  const selfClosing = body.trimEnd().endsWith('/');
  if (selfClosing) body = body.trimEnd().slice(0, -1);
  return { name: head[1]!.toLowerCase(), attributes: readAttributes(body), end: close + 1, selfClosing };
}

function readAttributes(body: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern = /([\w-]+)\s*=\s*"([^"]*)"|([\w-]+)\s*=\s*'([^']*)'|([\w-]+)\s*=\s*([^\s'"]+)|"([^"]*)"|(\S+)/g;
  let position = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(body)) !== null) {
    if (match[1]) attributes[match[1].toLowerCase()] = match[2]!;
    else if (match[3]) attributes[match[3].toLowerCase()] = match[4]!;
    else if (match[5]) attributes[match[5].toLowerCase()] = match[6]!;
    else attributes[String(position++)] = match[7] ?? match[8] ?? '';
  }
  return attributes;
}

function render(name: string, attributes: Record<string, string>, inner: string, context: ShortcodeContext): string | null {
  switch (name) {
    case 'caption':
    case 'wp_caption': {
      const image = /^\s*(<a\b[^>]*>\s*<img\b[^>]*>\s*<\/a>|<img\b[^>]*>)/i.exec(inner);
      const caption = attributes.caption ?? (image ? inner.slice(image[0].length) : inner).trim();
      return image ? `<figure>${image[1]}<figcaption>${caption}</figcaption></figure>` : `<p>${inner}</p>`;
    }
    case 'gallery': {
      const ids = (attributes.ids ?? attributes.include ?? '').split(',').map((id) => id.trim()).filter(Boolean);
      const urls = (ids.length > 0 ? ids : context.childAttachments()).map((id) => context.attachmentUrl(id)).filter((url): url is string => Boolean(url));
      return urls.length > 0 ? `<figure>${urls.map((url) => `<img src="${escapeHtml(url)}" alt="">`).join('')}</figure>` : '';
    }
    case 'embed': {
      const url = (inner || attributes.src || attributes['0'] || '').trim();
      return /^https?:\/\//.test(url) ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : null;
    }
    case 'audio':
    case 'video': {
      const url = attributes.src ?? attributes['0'] ?? attributes.mp3 ?? attributes.mp4 ?? attributes.m4a ?? attributes.ogg ?? attributes.webm ?? attributes.wav ?? attributes.m4v ?? attributes.ogv ?? '';
      return /^https?:\/\//.test(url) ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : null;
    }
    case 'code':
    case 'sourcecode': {
      const language = (attributes.language ?? attributes.lang ?? '').toLowerCase().replace(/[^\w+#.-]/g, '');
      const code = inner.replace(/^\r?\n/, '').replace(/\r?\n$/, '');
      return `<pre><code${language ? ` class="language-${language}"` : ''}>${escapeHtml(code)}</code></pre>`;
    }
    default:
      return null;
  }
}
