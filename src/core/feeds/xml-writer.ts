// A tiny XML writer for the feeds: elements as plain objects, every text and attribute
// escaped, and characters XML 1.0 forbids (control characters, lone surrogates) dropped,
// so whatever an author typed, the document stays well-formed.

export type XmlAttributes = Record<string, string | number | boolean | null | undefined>;

export interface XmlElement {
  name: string;
  attributes: XmlAttributes;
  children: XmlNode[];
}

export type XmlNode = XmlElement | string;

/** A child that may be absent: `null`, `undefined` and `false` are left out. */
export type XmlChild = XmlNode | null | undefined | false;

const xmlName = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;

/** Builds an element; optional children (null, undefined, false) are left out. */
export function xmlElement(name: string, attributes: XmlAttributes = {}, ...children: Array<XmlChild | XmlChild[]>): XmlElement {
  if (!xmlName.test(name)) throw new Error(`Not an XML element name: ${name}`);
  const kept = children.flat().filter((child): child is XmlNode => child !== null && child !== undefined && child !== false);
  return { name, attributes, children: kept };
}

/** An element holding only text; null or undefined text leaves the element out. */
export function xmlText(name: string, text: string | number | null | undefined, attributes: XmlAttributes = {}): XmlElement | null {
  return text === null || text === undefined ? null : xmlElement(name, attributes, String(text));
}

/** The whole document: the XML declaration and the root element, indented. */
export function renderXmlDocument(root: XmlElement): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${renderXmlElement(root, '')}\n`;
}

export function renderXmlElement(element: XmlElement, indent = ''): string {
  const open = `<${element.name}${renderAttributes(element.attributes)}`;
  if (element.children.length === 0) return `${indent}${open}/>`;
  // Text is written inline (no whitespace added around it); element-only content is indented.
  if (element.children.some((child) => typeof child === 'string')) {
    const inner = element.children.map((child) => (typeof child === 'string' ? escapeXmlText(child) : renderXmlElement(child))).join('');
    return `${indent}${open}>${inner}</${element.name}>`;
  }
  const inner = element.children.map((child) => renderXmlElement(child as XmlElement, `${indent}  `)).join('\n');
  return `${indent}${open}>\n${inner}\n${indent}</${element.name}>`;
}

function renderAttributes(attributes: XmlAttributes): string {
  let out = '';
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) continue;
    if (!xmlName.test(name)) throw new Error(`Not an XML attribute name: ${name}`);
    out += ` ${name}="${escapeXmlAttribute(String(value))}"`;
  }
  return out;
}

// Everything XML 1.0 allows: tab, newline, carriage return, and the characters from space
// up, except surrogates (a lone one would be matched here as one code point) and U+FFFE/F.
const forbiddenChars = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function stripForbiddenXmlChars(value: string): string {
  return value.replace(forbiddenChars, '');
}

export function escapeXmlText(value: string): string {
  return stripForbiddenXmlChars(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Also escapes the whitespace a parser would otherwise normalise to spaces. */
export function escapeXmlAttribute(value: string): string {
  return escapeXmlText(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}
