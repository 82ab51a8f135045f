import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { escapeXmlAttribute, escapeXmlText, renderXmlDocument, xmlElement, xmlText } from './xml-writer';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, trimValues: false });

describe('xml writer', () => {
  it('escapes text and attributes so any input round-trips through a real parser', () => {
    const nasty = 'Tom & Jerry <script>"x"</script> ]]> \'q\' 中文 😀';
    const xml = renderXmlDocument(xmlElement('root', { title: nasty, n: 3 }, xmlText('t', nasty)));
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = parser.parse(xml) as { root: { '@title': string; t: string; '@n': string } };
    // fast-xml-parser decodes the five predefined entities by default.
    expect(parsed.root.t).toBe(nasty);
    expect(parsed.root['@title']).toBe(nasty);
    expect(parsed.root['@n']).toBe('3');
  });

  it('drops characters XML 1.0 forbids, keeps tabs and newlines', () => {
    expect(escapeXmlText('a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf\uD800g\th\ni')).toBe('abcdefg\th\ni');
    expect(escapeXmlText('😀')).toBe('😀');
    expect(escapeXmlAttribute('a\tb\nc"d')).toBe('a&#9;b&#10;c&quot;d');
    const xml = renderXmlDocument(xmlElement('root', {}, 'x\u0001y'));
    expect(XMLValidator.validate(xml)).toBe(true);
  });

  it('leaves out absent children and attributes', () => {
    const root = xmlElement('root', { a: undefined, b: null, c: 'yes' }, null, false, undefined, xmlText('x', null), [xmlText('y', 'v')]);
    expect(renderXmlDocument(root)).toBe('<?xml version="1.0" encoding="utf-8"?>\n<root c="yes">\n  <y>v</y>\n</root>\n');
  });

  it('writes empty elements self-closed and refuses invalid names', () => {
    expect(renderXmlDocument(xmlElement('itunes:image', { href: 'https://x.test/a.png' }))).toContain('<itunes:image href="https://x.test/a.png"/>');
    expect(() => xmlElement('bad name')).toThrow();
    expect(() => renderXmlDocument(xmlElement('ok', { 'bad attr': 1 }))).toThrow();
  });
});
