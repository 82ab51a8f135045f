import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { rehypeImages, rehypeImageSrcset, type RehypeImagesOptions } from './rehype-images';

function render(markdown: string, options?: RehypeImagesOptions): string {
  return String(unified().use(remarkParse).use(remarkRehype).use(rehypeImages, options).use(rehypeStringify).processSync(markdown));
}

function renderWithSrcset(markdown: string, options?: RehypeImagesOptions): string {
  return String(unified().use(remarkParse).use(remarkRehype).use(rehypeImages, options).use(rehypeImageSrcset, options).use(rehypeStringify).processSync(markdown));
}

describe('rehypeImages', () => {
  it('offers a library image\'s smaller variants as a srcset, and nothing for addresses it cannot list safely', () => {
    const variants = [
      { width: 960, path: '/images/a.w960.webp' },
      { width: 480, path: '/images/a.w480.webp' },
    ];
    const images = { '/images/a.png': { width: 1600, height: 900, variants }, '/images/b,c.png': { width: 1600, height: 900, variants } };
    const html = renderWithSrcset('![a](/images/a.png)', { images });
    expect(html).toContain('srcset="/images/a.w480.webp 480w, /images/a.w960.webp 960w, /images/a.png 1600w"');
    expect(html).toContain('sizes="(min-width: 46rem) 42rem, calc(100vw - 2rem)"');
    // A comma would split the srcset's entries.
    expect(renderWithSrcset('![b](/images/b,c.png)', { images })).not.toContain('srcset');
    expect(render('![a](/images/a.png)', { images })).not.toContain('srcset');
  });

  it('loads every image lazily', () => {
    expect(render('![a](/a.webp)')).toBe('<p><img src="/a.webp" alt="a" loading="lazy" decoding="async"></p>');
  });

  it('adds known sizes, by the written or the decoded src', () => {
    const images = { '/a.webp': { width: 4, height: 3 }, '/b c.webp': { width: 2, height: 1 } };
    expect(render('![a](/a.webp)', { images })).toContain('width="4" height="3"');
    expect(render('![b](</b c.webp>)', { images })).toContain('width="2" height="1"');
  });

  it('ignores sizes that are not positive whole numbers, and inherited keys', () => {
    const images = { '/a.webp': { width: 0, height: 3 }, '/b.webp': { width: 1.5, height: 3 } };
    expect(render('![a](/a.webp) ![b](/b.webp) ![c](constructor)', { images })).not.toContain('width');
  });

  it('makes a figure of a lone titled image', () => {
    expect(render('![Tea](/t.webp "A pot of tea")')).toBe(
      '<figure><img src="/t.webp" alt="Tea" loading="lazy" decoding="async"><figcaption>A pot of tea</figcaption></figure>',
    );
  });

  it.each([
    ['no title', '![Tea](/t.webp)'],
    ['text beside it', 'Tea: ![Tea](/t.webp "A pot")'],
    ['two images', '![a](/a.webp "A") ![b](/b.webp "B")'],
    ['a linked image', '[![a](/a.webp "A")](/a)'],
  ])('leaves a paragraph alone with %s', (_name, markdown) => {
    expect(render(markdown)).not.toContain('<figure>');
  });
});
