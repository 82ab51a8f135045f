// The Traditional-script copy of a page Next rendered in Simplified characters: its HTML
// text converted phrase by phrase, and everything that is not running text left as it was
// (code, preformatted text, scripts, styles, attributes, URLs, anything marked
// `translate="no"`, the glossary's do-not-translate names). Links to Chinese pages are
// pointed at their variant so the reader stays in it, and the document says
// `lang="zh-Hant"`. The page's inline React Server Components payload (the
// `self.__next_f.push([1, …])` scripts) is converted by the same rules (hant-flight.ts), so
// the page hydrates on the text it shows instead of putting the Simplified text back.
import { convertFlight } from './hant-flight';
import { hantLanguageTag, toHantPath } from './hant-paths';
import type { HantConversion } from './hant-text';

export type { HantConversion } from './hant-text';


/** Elements whose text is never converted: code and what a reader types or the machine says. */
export const untouchedElements: ReadonlySet<string> = new Set(['code', 'pre', 'kbd', 'samp', 'var', 'textarea', 'script', 'style', 'svg', 'math']);
const rawTextElements = new Set(['script', 'style']);
const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const tagStart = /<(\/?)([A-Za-z][A-Za-z0-9-]*)/y;
const flightChunk = /^self\.__next_f\.push\((\[1,[\s\S]*\])\)$/;
const flightPlaceholder = '\u0000duet-flight\u0000';

/** `<a href>` (not the 简 / 繁 switch, whose hreflang names a script), `<form action>`. */
function rewriteStartTag(name: string, tag: string): string {
  if (name === 'a' && !/\shreflang\s*=\s*["']?zh-Han[st]\b/i.test(tag)) return tag.replace(/(\shref\s*=\s*)(["'])([^"']*)\2/i, (_, before: string, quote: string, href: string) => `${before}${quote}${toHantPath(href)}${quote}`);
  if (name === 'form') return tag.replace(/(\saction\s*=\s*)(["'])([^"']*)\2/i, (_, before: string, quote: string, href: string) => `${before}${quote}${toHantPath(href)}${quote}`);
  if (name === 'html') return tag.replace(/(\slang\s*=\s*)(["'])zh(?:-[A-Za-z]+)?\2/i, `$1$2${hantLanguageTag}$2`);
  return tag;
}

/** Where the tag that starts at `from` ends (its `>`), quotes respected. */
function tagEnd(html: string, from: number): number {
  let quote = '';
  for (let j = from; j < html.length; j++) {
    const c = html[j];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return j;
  }
  return html.length - 1;
}

/** What JSON.stringify gives, made safe inside a `<script>` as Next writes it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The Traditional copy of `html`, a whole document or a fragment (an article's stored
 * body). A malformed stretch is passed through as it is: this never throws on a page.
 */
export function convertHtml(html: string, conversion: HantConversion): string {
  let out = '';
  let i = 0;
  let skip: { tag: string; depth: number } | null = null;
  let flight: string | null = null;
  let flightTag = '';
  const text = (t: string) => (skip || t === '' ? t : conversion.convertText(t));
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out += text(html.slice(i));
      break;
    }
    out += text(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      out += html.slice(lt, i);
      continue;
    }
    tagStart.lastIndex = lt;
    const match = tagStart.exec(html);
    if (!match) {
      // A declaration (<!DOCTYPE>), or a lone '<' in text.
      const end = html[lt + 1] === '!' || html[lt + 1] === '?' ? tagEnd(html, lt) + 1 : lt + 1;
      out += html.slice(lt, end);
      i = end;
      continue;
    }
    const end = tagEnd(html, lt + match[0].length);
    const tag = html.slice(lt, end + 1);
    const name = match[2]!.toLowerCase();
    i = end + 1;
    if (match[1]) {
      if (skip && skip.tag === name && --skip.depth === 0) skip = null;
      out += tag;
      continue;
    }
    const isSelfClosing = voidElements.has(name) || /\/\s*>$/.test(tag);
    if (rawTextElements.has(name)) {
      const close = new RegExp(`</${name}`, 'gi');
      close.lastIndex = i;
      const closeAt = close.exec(html)?.index ?? html.length;
      const content = html.slice(i, closeAt);
      const chunk = name === 'script' ? flightChunk.exec(content) : null;
      if (chunk) {
        // Every chunk of the payload joins the first one's place: rows may straddle chunks,
        // and the converted rows change length.
        const [, part] = JSON.parse(chunk[1]!) as [number, string];
        if (flight === null) {
          flight = '';
          flightTag = tag;
          out += flightPlaceholder;
        }
        flight += part;
        const after = html.indexOf('>', closeAt);
        i = after === -1 ? html.length : after + 1;
        continue;
      }
      out += tag + content;
      i = closeAt;
      continue;
    }
    out += rewriteStartTag(name, tag);
    if (isSelfClosing) continue;
    if (skip) {
      if (skip.tag === name) skip.depth += 1;
    } else if (untouchedElements.has(name) || /\stranslate\s*=\s*["']?no\b/i.test(tag)) {
      skip = { tag: name, depth: 1 };
    }
  }
  if (flight !== null) {
    const converted = convertFlight(flight, conversion, convertHtml);
    out = out.replace(flightPlaceholder, () => `${flightTag}self.__next_f.push(${scriptSafeJson([1, converted])})</script>`);
  }
  return out;
}
