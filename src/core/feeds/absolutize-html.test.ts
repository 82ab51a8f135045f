import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '@/core/markdown/render-markdown';
import { absolutizeHtml } from './absolutize-html';

const base = 'https://duet.example/en/posts/tea';

describe('absolutizeHtml', () => {
  it('resolves root-relative, relative and fragment links against the page', () => {
    const html = '<p><a href="/en/tags/tea">t</a> <img src="images/a.webp" alt="a"> <a href="#fn-1">1</a> <q cite="../x">q</q></p>';
    expect(absolutizeHtml(html, base)).toBe(
      '<p><a href="https://duet.example/en/tags/tea">t</a> <img src="https://duet.example/en/posts/images/a.webp" alt="a"> ' +
        '<a href="https://duet.example/en/posts/tea#fn-1">1</a> <q cite="https://duet.example/en/x">q</q></p>',
    );
  });

  it('leaves absolute URLs, other schemes, text and other attributes alone', () => {
    const html =
      '<p title="/not/a/link">href="/x" <a href="https://Other.example/A?b=1&#x26;c=2">o</a> <a href="mailto:a@b.c">m</a> ' +
      '<a href="">e</a> <span data-href="/y">s</span></p>';
    expect(absolutizeHtml(html, base)).toBe(html);
  });

  it('keeps escaped characters escaped and handles quotes, boolean attributes and srcset', () => {
    const html = '<img alt="a <b> &#x22;c&#x22;" src="/a.webp?x=1&#x26;y=2" data-flag srcset="/s.webp 1x, /l.webp 2x">';
    expect(absolutizeHtml(html, base)).toBe(
      '<img alt="a <b> &#x22;c&#x22;" src="https://duet.example/a.webp?x=1&amp;y=2" data-flag srcset="https://duet.example/s.webp 1x, https://duet.example/l.webp 2x">',
    );
    expect(absolutizeHtml("<a href='/single'>x</a><a href=/bare>y</a>", base)).toBe(
      '<a href="https://duet.example/single">x</a><a href="https://duet.example/bare">y</a>',
    );
  });

  it('rewrites every link of real rendered Markdown: heading anchors, footnotes, images', async () => {
    const { html } = await renderMarkdown('## Steeping\n\nSee ![cup](/images/cup.webp) and [tags](/en/tags)[^1].\n\n[^1]: A note.\n', {
      locale: 'en',
    });
    const out = absolutizeHtml(html, base);
    const urls = [...out.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(5);
    for (const url of urls) expect(url).toMatch(/^https:\/\/duet\.example\//);
    expect(out).toContain('href="https://duet.example/en/posts/tea#steeping"');
    expect(out).toContain('src="https://duet.example/images/cup.webp"');
  });
});
