import { describe, expect, it } from 'vitest';
import { findForeignImages, isForeignImageUrl } from './foreign-images';

const site = 'https://duet.example.com';

describe('findForeignImages', () => {
  it('finds an image pasted from Google Docs, and nothing from the library', () => {
    const html = [
      '<p>详见</p><figure><img src="/images/ab12.webp" srcset="/images/ab12-480.webp 480w, /images/ab12-960.webp 960w" alt="" width="960" height="540"></figure>',
      '<p><img src="https://lh7-rt.googleusercontent.com/docsz/AD_4nX?key=a&amp;b=c" alt="chart"></p>',
    ].join('');
    expect(findForeignImages(html, site)).toEqual(['https://lh7-rt.googleusercontent.com/docsz/AD_4nX?key=a&b=c']);
  });

  it('takes this site written out in full as its own, and any other origin as foreign', () => {
    expect(findForeignImages('<img src="https://duet.example.com/images/a.png">', site)).toEqual([]);
    expect(findForeignImages('<img src="http://duet.example.com/images/a.png">', site)).toEqual(['http://duet.example.com/images/a.png']);
    expect(findForeignImages('<img alt="x" src="//cdn.example.net/a.png"><img src="//cdn.example.net/a.png">', site)).toEqual(['//cdn.example.net/a.png']);
  });

  it('checks every candidate of a srcset and every source of a picture', () => {
    const html = '<picture><source srcset="/images/a.avif 1x, https://cdn.example.net/a@2x.avif 2x"><img src="/images/a.png"></picture>';
    expect(findForeignImages(html, site)).toEqual(['https://cdn.example.net/a@2x.avif']);
  });

  it('ignores links, text and data: images', () => {
    const html = '<p><a href="https://example.org/a.png">https://example.org/b.png</a> <code>&lt;img src="https://x.org/c.png"&gt;</code></p><img src="data:image/png;base64,AAAA">';
    expect(findForeignImages(html, site)).toEqual([]);
  });

  it('is linear: a page of 100,000 tags takes one pass', () => {
    const html = '<img src="/images/a.png">'.repeat(100_000);
    expect(findForeignImages(html, site)).toEqual([]);
  });
});

describe('isForeignImageUrl', () => {
  it('keeps relative addresses and refuses what it cannot read as this site', () => {
    expect(isForeignImageUrl('/images/x.png', site)).toBe(false);
    expect(isForeignImageUrl('images/x.png', site)).toBe(false);
    expect(isForeignImageUrl('https://[::1/x.png', site)).toBe(true);
  });
});
