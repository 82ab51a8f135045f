import { describe, expect, it } from 'vitest';
import { normalizeSiteUrl, sourceIdentity } from './source-identity';

describe('sourceIdentity', () => {
  it('keys a Ghost export by its ids alone, whatever path or --site-url it came with, and reads every older ghost key', () => {
    const plain = sourceIdentity({ kind: 'ghost', version: '5', siteUrl: null }, { path: '/data/jobs/abc/source.json' });
    const withUrl = sourceIdentity({ kind: 'ghost', version: '5', siteUrl: 'https://blog.example.com' }, { path: '/home/me/export.json' });
    expect(plain).toEqual({ key: 'ghost', legacyKeys: [], legacyPrefix: 'ghost ' });
    expect(withUrl).toEqual(plain);
  });

  it('keys a WXR file by the base URL it names itself, not by --site-url, and reads the keys either wrote before', () => {
    const own = sourceIdentity({ kind: 'wxr', version: '1.2', siteUrl: 'https://blog.example.com', identity: 'https://blog.example.com' });
    const flagged = sourceIdentity({ kind: 'wxr', version: '1.2', siteUrl: 'https://new.example.com', identity: 'https://Blog.example.com/' });
    expect(own.key).toBe('wxr //blog.example.com');
    expect(flagged.key).toBe(own.key);
    expect(flagged.legacyKeys).toEqual(['wxr https://new.example.com', 'wxr https://Blog.example.com/']);
  });

  it('keys a Hugo site by its baseURL, else its folder’s name, never where the folder lies', () => {
    const a = sourceIdentity({ kind: 'hugo', version: null, siteUrl: null }, { path: '/home/me/site', baseUrl: 'https://notes.example.org/', folderName: 'site' });
    const b = sourceIdentity({ kind: 'hugo', version: null, siteUrl: null }, { path: '/tmp/copy/site', baseUrl: 'http://notes.example.org', folderName: 'site' });
    expect(a.key).toBe('hugo //notes.example.org');
    expect(b.key).toBe(a.key);
    expect(a.legacyKeys).toEqual(['hugo /home/me/site']);
    expect(sourceIdentity({ kind: 'hugo', version: null, siteUrl: null }, { path: '/x/garden', folderName: 'garden' }).key).toBe('hugo folder garden');
  });

  it('treats the scheme, the host’s case and a trailing slash as the same site', () => {
    expect(normalizeSiteUrl('HTTPS://Example.com/blog/')).toBe('//example.com/blog');
    expect(normalizeSiteUrl('not a url')).toBe('not a url');
  });
});
