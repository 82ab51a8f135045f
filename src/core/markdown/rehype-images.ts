// Makes Markdown images behave on a page: lazy loading, known dimensions (no layout
// shift), and a titled image standing alone in a paragraph becomes a captioned figure.
import type { Element, ElementContent, Root } from 'hast';
import { visit } from 'unist-util-visit';

export interface ImageSize {
  width: number;
  height: number;
  /** Smaller WebP copies from the media library, offered to the browser as a srcset. */
  variants?: Array<{ width: number; path: string }>;
}

/**
 * How wide an image in the article's column is shown (globals.css: `--measure`, 42rem, and
 * the page's side margins, 1rem each on a phone), so a browser fetches no larger a copy.
 * The cover is in the same column.
 */
export const columnImageSizes = '(min-width: 46rem) 42rem, calc(100vw - 2rem)';

export interface RehypeImagesOptions {
  /** Intrinsic sizes by image src, as stored on the media library. */
  images?: Record<string, ImageSize>;
}

/** The rehype plugin: `unified().use(rehypeImages, { images })`. */
export function rehypeImages(options: RehypeImagesOptions = {}) {
  const sizes = options.images ?? {};
  return (tree: Root) => {
    visit(tree, 'element', (node) => {
      if (node.tagName !== 'img') return;
      node.properties.loading = 'lazy';
      node.properties.decoding = 'async';
      const size = sizeOf(sizes, node.properties.src);
      if (size) {
        node.properties.width = size.width;
        node.properties.height = size.height;
      }
    });
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'p' || !parent || index === undefined) return;
      const figure = toFigure(node);
      if (!figure) return;
      parent.children[index] = figure;
      return 'skip';
    });
  };
}

/**
 * Offers a library image's smaller WebP copies as a srcset. Runs after the sanitizer, which
 * removes any srcset a writer typed: only the library's own variants are ever listed.
 */
export function rehypeImageSrcset(options: RehypeImagesOptions = {}) {
  const sizes = options.images ?? {};
  return (tree: Root) => {
    visit(tree, 'element', (node) => {
      if (node.tagName !== 'img') return;
      const size = sizeOf(sizes, node.properties.src);
      if (!size) return;
      const smaller = (size.variants ?? []).filter((v) => isDimension(v.width) && v.width < size.width && /^\/[\w./-]+$/.test(v.path));
      if (smaller.length === 0 || !/^\/[^\s,]+$/.test(String(node.properties.src))) return;
      node.properties.srcSet = [...smaller.sort((a, b) => a.width - b.width).map((v) => `${v.path} ${v.width}w`), `${String(node.properties.src)} ${size.width}w`].join(', ');
      node.properties.sizes = columnImageSizes;
    });
  };
}

function toFigure(paragraph: Element): Element | undefined {
  const content = paragraph.children.filter((child) => !(child.type === 'text' && child.value.trim() === ''));
  const [image] = content;
  if (content.length !== 1 || image?.type !== 'element' || image.tagName !== 'img') return undefined;
  const title = image.properties.title;
  if (typeof title !== 'string' || title.trim() === '') return undefined;
  // The caption says it once; a tooltip repeating it would only be noise.
  delete image.properties.title;
  const caption: ElementContent = { type: 'element', tagName: 'figcaption', properties: {}, children: [{ type: 'text', value: title }] };
  return { type: 'element', tagName: 'figure', properties: {}, children: [image, caption] };
}

function sizeOf(sizes: Record<string, ImageSize>, src: unknown): ImageSize | undefined {
  if (typeof src !== 'string') return undefined;
  // Markdown percent-encodes URLs ("tea time.webp" → "tea%20time.webp"); accept either spelling.
  for (const key of [src, safeDecodeUri(src)]) {
    if (key === undefined || !Object.hasOwn(sizes, key)) continue;
    const size = sizes[key];
    if (size && isDimension(size.width) && isDimension(size.height)) return size;
  }
  return undefined;
}

function isDimension(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

function safeDecodeUri(uri: string): string | undefined {
  try {
    return decodeURI(uri);
  } catch {
    return undefined;
  }
}
