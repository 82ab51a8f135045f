import { describe, expect, it } from 'vitest';
import type { ImportDocument, ImportPost, ImportText } from './import-document';
import { holdDuplicatePages, wantedSlug } from './hold-duplicate-pages';

function text(overrides: Partial<ImportText>): ImportText {
  return {
    sourceId: 'x',
    locale: 'en',
    localeEvidence: 'marker',
    slug: 'about',
    title: 'About',
    excerpt: '',
    body: 'Who we are.',
    seoTitle: null,
    seoDescription: null,
    status: 'published',
    passwordProtected: false,
    publishedAt: '2024-05-06T10:00:00.000Z',
    createdAt: null,
    updatedAt: null,
    canonicalUrl: null,
    media: [],
    ...overrides,
  };
}

function page(sourceId: string, texts: ImportText[], kind: ImportPost['kind'] = 'page'): ImportPost {
  return { sourceId, kind, featured: false, authors: [], tags: [], cover: null, texts: Object.fromEntries(texts.map((t) => [t.locale, t])), pairedBy: null };
}

const doc = (posts: ImportPost[]): ImportDocument => ({ source: { kind: 'ghost', version: '5', siteUrl: null }, authors: [], tags: [], posts, warnings: [] });
const site = [{ locale: 'en' as const, slug: 'about', title: 'About Duet Magazine' }];

describe('holdDuplicatePages', () => {
  it('makes a page at an address the site has a draft, and says so', () => {
    const { document, held } = holdDuplicatePages(doc([page('p-about', [text({})]), page('p-contact', [text({ slug: 'contact', title: 'Contact' })])]), site);
    expect(document.posts[0]!.texts.en!.status).toBe('draft');
    expect(document.posts[1]!.texts.en!.status).toBe('published');
    expect(held).toEqual([
      {
        code: 'page-exists',
        sourceId: 'p-about:en',
        message: '“About” is imported as a draft: the site already has a page at /en/about (“About Duet Magazine”), which keeps the header\'s one link there.',
      },
    ]);
    expect(document.warnings).toEqual(held);
  });

  it('compares addresses, not titles, and only in the same language', () => {
    const posts = [page('a', [text({ slug: 'about-us' })]), page('b', [text({ locale: 'zh', slug: 'about', title: '关于' })])];
    expect(holdDuplicatePages(doc(posts), site).held).toEqual([]);
  });

  it('leaves posts, drafts and pages an earlier run made alone', () => {
    const posts = [page('post', [text({})], 'post'), page('draft', [text({ status: 'draft' })]), page('earlier', [text({})])];
    const { document, held } = holdDuplicatePages(doc(posts), site, (p) => p.sourceId !== 'earlier');
    expect(held).toEqual([]);
    expect(document.posts.map((p) => p.texts.en!.status)).toEqual(['published', 'draft', 'published']);
  });

  it('reads the address a text asks for as the importer makes it', () => {
    expect(wantedSlug({ slug: 'About', title: '', locale: 'en' })).toBe('about');
    expect(wantedSlug({ slug: '', title: 'About this site', locale: 'en' })).toBe('about-this-site');
  });
});
