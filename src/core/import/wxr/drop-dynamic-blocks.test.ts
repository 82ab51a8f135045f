import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dropDynamicBlocks } from './drop-dynamic-blocks';
import { parseWxr } from './parse-wxr';

describe('dropDynamicBlocks', () => {
  it('takes a query loop out whole, its placeholder words too, and names it', () => {
    const html = [
      '<p>Before.</p>',
      '<!-- wp:query {"queryId":1} --><div class="wp-block-query"><!-- wp:post-template --><!-- wp:post-title /--><!-- /wp:post-template -->',
      '<!-- wp:query-no-results --><!-- wp:paragraph --><p>No posts found.</p><!-- /wp:paragraph --><!-- /wp:query-no-results --></div><!-- /wp:query -->',
      '<p>After.</p>',
    ].join('\n');
    const { html: kept, dropped } = dropDynamicBlocks(html);
    expect(kept).not.toContain('No posts found');
    expect(kept).toContain('<p>Before.</p>');
    expect(kept).toContain('<p>After.</p>');
    expect(dropped).toEqual(['wp:query']);
  });

  it('names self-closing template parts with their slug, and a nested query as one', () => {
    const html = '<!-- wp:template-part {"slug":"header","theme":"tt4"} /--><!-- wp:query --><!-- wp:query --><p>inner</p><!-- /wp:query --><p>x</p><!-- /wp:query --><p>kept</p>';
    const { html: kept, dropped } = dropDynamicBlocks(html);
    // The self-closing delimiter holds nothing; stripBlockComments takes it away with the rest.
    expect(kept).toBe('<!-- wp:template-part {"slug":"header","theme":"tt4"} /--><p>kept</p>');
    expect(dropped).toEqual(['wp:template-part (header, tt4)', 'wp:query']);
  });

  it('leaves ordinary blocks and plain HTML alone', () => {
    const html = '<!-- wp:paragraph --><p>Hi</p><!-- /wp:paragraph --><!-- wp:spacer /-->';
    expect(dropDynamicBlocks(html)).toEqual({ html, dropped: [] });
  });
});

describe('a block-theme export', () => {
  it('keeps the words written on the page, names what was left out with its post, and leaves no stray words', async () => {
    const doc = await parseWxr(readFileSync('tests/fixtures/import/wxr/block-theme.xml', 'utf8'));
    const page = doc.posts.find((post) => post.texts.en?.slug === 'reading-list')!.texts.en!;
    expect(page.body).toContain('Books I keep returning to.');
    expect(page.body).toContain('Suggestions are welcome.');
    for (const stray of ['Nothing on the shelf', 'Newer shelves', 'Older shelves']) expect(page.body).not.toContain(stray);
    const post = doc.posts.find((p) => p.texts.en?.slug === 'spring-planting')!.texts.en!;
    expect(post.body).not.toContain('Garden index');
    const named = doc.warnings.filter((w) => w.code === 'wordpress-block');
    expect(named).toEqual([
      expect.objectContaining({ sourceId: '301', message: expect.stringMatching(/“Reading list”.*wp:template-part \(header, twentytwentyfour\), wp:query, wp:template-part \(footer, twentytwentyfour\)/) }),
      expect.objectContaining({ sourceId: '302', message: expect.stringMatching(/“Spring planting”.*wp:navigation \(88\), wp:block \(412\)/) }),
    ]);
  });
});
