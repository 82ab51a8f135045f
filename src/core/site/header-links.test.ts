import { describe, expect, it } from 'vitest';
import { linkKey, uniqueHeaderLinks } from './header-links';

describe('uniqueHeaderLinks', () => {
  it('keeps the first of two links to one address, whatever their labels', () => {
    const links = [
      { label: 'Home', href: '/en' },
      { label: 'About Duet Magazine', href: '/en/about' },
      { label: 'About', href: '/en/about/' },
      { label: 'Home again', href: '/en/' },
      { label: 'Mastodon', href: 'https://mastodon.example/@duet' },
      { label: 'Mastodon', href: 'https://Mastodon.example/@duet/' },
    ];
    expect(uniqueHeaderLinks(links).map((l) => l.label)).toEqual(['Home', 'About Duet Magazine', 'Mastodon']);
  });

  it('keeps links to different addresses, even with the same label', () => {
    const links = [
      { label: 'About', href: '/en/about' },
      { label: 'About', href: '/en/about-this-site' },
    ];
    expect(uniqueHeaderLinks(links)).toEqual(links);
  });

  it('reads an address as a browser reaches it', () => {
    expect(linkKey('/en/about/')).toBe('/en/about');
    expect(linkKey('/')).toBe('/');
    expect(linkKey('/en/search?')).toBe('/en/search');
    expect(linkKey('https://EXAMPLE.com')).toBe('https://example.com/');
    expect(linkKey('/en/tags/Books')).toBe('/en/tags/Books');
  });
});
