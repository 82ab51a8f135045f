// The rules read by a real robots.txt matcher (robots-parser: Google's `*` and `$`,
// longest match wins) against the addresses they must and must not keep crawlers from.
import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { robotsDisallowRules } from './robots-rules';

const origin = 'https://duet.example';
const robots = robotsParser(`${origin}/robots.txt`, ['User-Agent: *', 'Allow: /', ...robotsDisallowRules().map((rule) => `Disallow: ${rule}`)].join('\n'));

const blocked = ['/zh/studio', '/en/studio', '/en/studio?next=1', '/zh/studio/', '/en/studio/login', '/zh/studio/posts/12', '/api', '/api?page=2', '/api/v1/search?q=x', '/api/health'];
const open = [
  '/zh',
  '/en/posts/studio-tour',
  '/en/studio-tour',
  '/zh/studios',
  '/en/studio.html',
  '/en/tags/studio-notes',
  '/zh/tags/studio',
  '/en/authors/studio',
  '/en/search?q=studio',
  '/en/posts/api-design',
  '/apiary',
  '/sitemap.xml',
];

describe('robots.txt rules', () => {
  it.each(blocked)('keeps crawlers out of %s', (path) => {
    expect(robots.isAllowed(origin + path, 'Googlebot')).toBe(false);
  });

  it.each(open)('lets crawlers read %s', (path) => {
    expect(robots.isAllowed(origin + path, 'Googlebot')).toBe(true);
  });
});
