// A page's markup as the server sends it, for tests whose assertion is about what the server
// renders (the head's links, the heading outline, attributes): a request and a parse cost a
// small part of a browser's page load (loading scripts, fonts, images, hydrating), and the
// reading pages stream no part of themselves later (no Suspense boundary is sent apart), so
// the markup read here is the document a browser builds before any script runs.
import type { Element, Root } from 'hast';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { expect, type APIRequestContext } from '@playwright/test';

export interface ServedPage {
  status: number;
  /** The path answered, after redirects. */
  pathname: string;
  /** Every element, in document order. */
  elements: Element[];
}

export async function fetchPage(request: APIRequestContext, path: string): Promise<ServedPage> {
  const res = await request.get(path);
  expect(res.headers()['content-type'], path).toContain('text/html');
  const tree: Root = unified().use(rehypeParse).parse(await res.text());
  const elements: Element[] = [];
  visit(tree, 'element', (node: Element) => void elements.push(node));
  return { status: res.status(), pathname: new URL(res.url()).pathname, elements };
}

/** hreflang → path of the page's `<link rel=alternate hreflang>`, and its canonical path. */
export function headLinks(page: ServedPage) {
  const links = page.elements.filter((e) => e.tagName === 'link');
  const rel = (e: Element, name: string) => Array.isArray(e.properties.rel) && e.properties.rel.includes(name);
  const pathOf = (e: Element) => new URL(String(e.properties.href)).pathname;
  const alternates = Object.fromEntries(links.filter((l) => rel(l, 'alternate') && l.properties.hrefLang).map((l) => [String(l.properties.hrefLang), pathOf(l)]));
  const canonical = links.filter((l) => rel(l, 'canonical')).map(pathOf);
  return { alternates, canonical };
}

/** The levels of the page's headings, h1 to h6, in document order. */
export function headingLevels(page: ServedPage): number[] {
  return page.elements.filter((e) => /^h[1-6]$/.test(e.tagName)).map((e) => Number(e.tagName[1]));
}
