import { describe, expect, it } from 'vitest';
import { collectMedia, mediaWarnings, resolveMedia } from './collect-media';

const archiveFiles = new Set(['content/images/2021/01/a.jpg', 'posts/trip/photo.png', 'static/images/logo.svg']);

describe('resolveMedia', () => {
  it('finds site-relative, site-absolute and bundle-relative files in the archive', () => {
    const context = { archiveFiles, siteUrls: ['https://blog.example.com'], rootFolders: ['static'] };
    expect(resolveMedia('/content/images/2021/01/a.jpg', context)).toEqual({ ref: { source: '/content/images/2021/01/a.jpg', archivePath: 'content/images/2021/01/a.jpg' }, problem: null });
    expect(resolveMedia('https://blog.example.com/content/images/size/w600/2021/01/a.jpg', context).ref.archivePath).toBe('content/images/2021/01/a.jpg');
    expect(resolveMedia('photo.png', context, 'posts/trip/index.md').ref.archivePath).toBe('posts/trip/photo.png');
    expect(resolveMedia('/images/logo.svg', context).ref.archivePath).toBe('static/images/logo.svg');
  });

  it('tells missing local files from remote ones', () => {
    expect(resolveMedia('/content/images/nope.jpg', { archiveFiles }).problem).toBe('missing');
    expect(resolveMedia('https://cdn.example.org/x.jpg', { archiveFiles }).problem).toBe('remote');
    expect(resolveMedia('../../etc/passwd', { archiveFiles }, 'a/b.md').problem).toBe('remote');
  });
});

describe('collectMedia', () => {
  it('lists each image once, in order, with alt and title, and warns once per kind', () => {
    const markdown = '![A](/content/images/2021/01/a.jpg "Cap")\n\n![B][ref]\n\n![](https://cdn.example.org/x.jpg)\n\n![A again](/content/images/2021/01/a.jpg)\n\n[ref]: /missing.png';
    const { media, problems } = collectMedia(markdown, { archiveFiles });
    expect(media).toEqual([
      { source: '/content/images/2021/01/a.jpg', archivePath: 'content/images/2021/01/a.jpg', alt: 'A', caption: 'Cap' },
      { source: '/missing.png', archivePath: null, alt: 'B' },
      { source: 'https://cdn.example.org/x.jpg', archivePath: null },
    ]);
    expect(mediaWarnings('p1', problems).map((w) => w.code)).toEqual(['media-missing', 'remote-media']);
  });
});
