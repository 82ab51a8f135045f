import { describe, expect, it } from 'vitest';
import { firstScreenChars, promoteFirstImage } from './promote-first-image';

const image = (src: string) => `<img src="${src}" alt="" loading="lazy" decoding="async" width="1600" height="900">`;

describe('promoteFirstImage', () => {
  it('makes the first image eager and of high priority, and leaves the others lazy', () => {
    const html = `<p>Intro</p>\n<p>${image('/images/a.png')}</p>\n<p>${image('/images/b.png')}</p>`;
    const promoted = promoteFirstImage(html);
    expect(promoted).toBe(
      `<p>Intro</p>\n<p><img fetchpriority="high" src="/images/a.png" alt="" decoding="async" width="1600" height="900"></p>\n<p>${image('/images/b.png')}</p>`,
    );
  });

  it('leaves an image far down the text lazy', () => {
    const html = `<p>${'words '.repeat(firstScreenChars / 6 + 1)}</p>${image('/images/a.png')}`;
    expect(promoteFirstImage(html)).toBe(html);
  });

  it('leaves a text without images as it is', () => {
    expect(promoteFirstImage('<p>No pictures.</p>')).toBe('<p>No pictures.</p>');
    expect(promoteFirstImage('')).toBe('');
  });

  it('never doubles the attribute', () => {
    const once = promoteFirstImage(`<p>${image('/a.png')}</p>`);
    expect(promoteFirstImage(once)).toBe(once);
    expect(once.match(/fetchpriority/g)).toHaveLength(1);
  });

  it('reads past a ">" inside a quoted value', () => {
    const html = '<p><img src="/a.png" alt="a > b" loading="lazy" width="10" height="10"></p>';
    expect(promoteFirstImage(html)).toBe('<p><img fetchpriority="high" src="/a.png" alt="a > b" width="10" height="10"></p>');
  });

  it('does not mistake an element whose name starts with img', () => {
    expect(promoteFirstImage('<imgx loading="lazy">')).toBe('<imgx loading="lazy">');
  });
});
