import { describe, expect, it } from 'vitest';
import { stripBlockComments } from './strip-block-comments';

describe('stripBlockComments', () => {
  it('removes block delimiters and keeps the HTML between them', () => {
    const html = '<!-- wp:paragraph -->\n<p>Hi</p>\n<!-- /wp:paragraph -->\n<!-- wp:image {"id":12,"sizeSlug":"large"} -->\n<figure><img src="a.jpg"/></figure>\n<!-- /wp:image -->';
    expect(stripBlockComments(html)).toBe('<p>Hi</p>\n<figure><img src="a.jpg"/></figure>\n');
  });

  it('drops self-closing dynamic blocks and keeps other comments', () => {
    expect(stripBlockComments('<!-- wp:latest-posts {"postsToShow":3} /--><p>a</p><!-- more --><!--kept-->')).toBe('<p>a</p><!-- more --><!--kept-->');
  });

  it('is linear on unterminated comments', () => {
    expect(stripBlockComments('<!-- wp:x '.repeat(50_000)).length).toBeGreaterThan(0);
  });
});
