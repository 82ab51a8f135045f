// The React Server Components payload of a page (inline in its HTML, or the answer to the
// client router's request for the next page) converted to Traditional characters by the
// same rules as the HTML (hant-html.ts): React hydrates the page from this payload, and a
// text that differed from the HTML would be put back in Simplified characters, so both must
// agree. Rows are `id:JSON\n` or `id:T<hex byte length>,<text>`; only JSON rows that may
// hold Chinese text or a Chinese link are parsed, the rest pass through byte for byte.
import { hantLanguageTag, toHantPath } from './hant-paths';
import { hasHan, type HantConversion } from './hant-text';

type HtmlConverter = (html: string, conversion: HantConversion) => string;
type Mode = 'search' | 'text' | 'skip';
type Element = ['$', string, unknown, Record<string, unknown> | null, ...unknown[]];

const untouched = new Set(['code', 'pre', 'kbd', 'samp', 'var', 'textarea', 'script', 'style', 'svg', 'math']);
const worthParsing = /[\u3400-\u9fff\uf900-\ufaff]|"\/zh|"lang":"zh"/;
const jsonStart = new Set(['[', '{', '"']);

function isElement(value: unknown): value is Element {
  return Array.isArray(value) && value.length >= 4 && value[0] === '$' && typeof value[1] === 'string';
}

/** UTF-8 length of `text`, as the T rows count it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** The index in `text` after `bytes` UTF-8 bytes from `from`. */
function afterBytes(text: string, from: number, bytes: number): number {
  let i = from;
  let left = bytes;
  while (left > 0 && i < text.length) {
    const code = text.charCodeAt(i);
    if (code < 0x80) left -= 1;
    else if (code < 0x800) left -= 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      left -= 4;
      i += 1;
    } else left -= 3;
    i += 1;
  }
  return i;
}

function converter(conversion: HantConversion, convertHtml: HtmlConverter) {
  const walk = (node: unknown, mode: Mode): unknown => {
    if (typeof node === 'string') return mode === 'text' && hasHan(node) ? conversion.convertText(node) : node;
    if (isElement(node)) {
      element(node, mode);
      return node;
    }
    if (Array.isArray(node)) {
      for (let k = 0; k < node.length; k++) node[k] = walk(node[k], mode);
      return node;
    }
    if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) record[key] = walk(record[key], mode === 'text' ? 'search' : mode);
    }
    return node;
  };

  const element = (node: Element, mode: Mode) => {
    const [, type] = node;
    const props = node[3];
    if (!props || typeof props !== 'object') return;
    const isClient = type.startsWith('$');
    const isSkipped = mode === 'skip' || untouched.has(type) || props.translate === 'no';
    for (const key of Object.keys(props)) {
      const value = props[key];
      if (key === 'children') props[key] = walk(value, isSkipped ? 'skip' : 'text');
      else if (key === 'href' && typeof value === 'string' && (type === 'a' || isClient) && !/^zh-Han[st]$/i.test(String(props.hrefLang ?? ''))) props[key] = toHantPath(value);
      else if (key === 'action' && typeof value === 'string' && (type === 'form' || isClient)) props[key] = toHantPath(value);
      else if (key === 'lang' && type === 'html' && typeof value === 'string' && /^zh(?:-|$)/.test(value)) props[key] = hantLanguageTag;
      else if (key === 'dangerouslySetInnerHTML' && value && typeof value === 'object' && !isSkipped) {
        const inner = value as { __html?: unknown };
        if (typeof inner.__html === 'string') inner.__html = convertHtml(inner.__html, conversion);
      } else if (isClient && typeof value === 'string') {
        // A client component's words (a label it renders as text) must match the HTML.
        if (!isSkipped && hasHan(value)) props[key] = conversion.convertText(value);
      } else props[key] = walk(value, isSkipped ? 'skip' : 'search');
    }
  };

  /** A row on its own: an element, a list holding elements (children streamed later), or data. */
  return (value: unknown): unknown => {
    if (typeof value === 'string') return walk(value, 'text');
    if (Array.isArray(value) && !isElement(value)) return walk(value, value.some(isElement) ? 'text' : 'search');
    return walk(value, 'search');
  };
}

/** The converted payload. A row that cannot be read is passed through as it was. */
export function convertFlight(payload: string, conversion: HantConversion, convertHtml: HtmlConverter): string {
  const convertRow = converter(conversion, convertHtml);
  let out = '';
  let i = 0;
  while (i < payload.length) {
    const colon = payload.indexOf(':', i);
    if (colon === -1 || !/^[0-9a-f]*$/.test(payload.slice(i, colon))) return out + payload.slice(i);
    const head = payload.slice(i, colon + 1);
    if (payload[colon + 1] === 'T') {
      const comma = payload.indexOf(',', colon + 2);
      const bytes = parseInt(payload.slice(colon + 2, comma), 16);
      if (comma === -1 || !Number.isFinite(bytes)) return out + payload.slice(i);
      const end = afterBytes(payload, comma + 1, bytes);
      const text = convertHtml(payload.slice(comma + 1, end), conversion);
      out += `${head}T${utf8Length(text).toString(16)},${text}`;
      i = end;
      continue;
    }
    const newline = payload.indexOf('\n', colon + 1);
    const lineEnd = newline === -1 ? payload.length : newline;
    const body = payload.slice(colon + 1, lineEnd);
    let converted = body;
    if (jsonStart.has(body[0] ?? '') && worthParsing.test(body)) {
      try {
        converted = JSON.stringify(convertRow(JSON.parse(body)));
      } catch {
        converted = body;
      }
    }
    out += head + converted + (newline === -1 ? '' : '\n');
    i = lineEnd + 1;
  }
  return out;
}
