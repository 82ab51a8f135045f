import { describe, expect, it } from 'vitest';
import { parseArticleUrl, parsePostPageUrl, wantsActivityJson } from './paths';

const origin = 'https://duet.example';

describe('federation addresses', () => {
  it('reads an article id and a post page of this site only', () => {
    expect(parseArticleUrl(new URL('https://duet.example/ap/articles/12/en'), origin)).toEqual({ postId: 12, locale: 'en' });
    expect(parseArticleUrl(new URL('https://other.example/ap/articles/12/en'), origin)).toBeNull();
    expect(parseArticleUrl(new URL('https://duet.example/ap/articles/12/fr'), origin)).toBeNull();
    expect(parsePostPageUrl(new URL('https://duet.example/zh/posts/%E5%96%9D%E8%8C%B6'), origin)).toEqual({ locale: 'zh', slug: '喝茶' });
    expect(parsePostPageUrl(new URL('https://duet.example/zh/about'), origin)).toBeNull();
    expect(parsePostPageUrl(new URL('https://duet.example/zh/posts/%E5%96'), origin)).toBeNull();
  });

  it('tells an ActivityPub request from a browser’s', () => {
    expect(wantsActivityJson('application/activity+json')).toBe(true);
    expect(wantsActivityJson('application/ld+json; profile="https://www.w3.org/ns/activitystreams"')).toBe(true);
    expect(wantsActivityJson('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(false);
    expect(wantsActivityJson('application/ld+json')).toBe(false);
    expect(wantsActivityJson(null)).toBe(false);
  });
});
