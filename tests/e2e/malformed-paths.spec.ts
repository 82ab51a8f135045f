// A malformed percent-escape in any dynamic segment of any route is a 400, never a 500.
// The routes are walked from src/app, so a route added later is checked too: every page
// and route handler, with each of its dynamic segments in turn replaced by an escape that
// decodes to no UTF-8 character (or to nothing). Pages under a language answer the error
// view in that language (the proxy), the API its JSON error shape, media, fonts and the
// rest a plain 400 (the server entry's request guard, src/server-entry/request-guard.ts).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const appDir = join(process.cwd(), 'src', 'app');
const broken = ['%E4%B8', '%FF', '%ZZ'];

/** Each page or route handler as its path segments (route groups left out). */
function routes(dir = appDir, segments: string[] = []): string[][] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const here = entries.some((e) => e.isFile() && /^(page\.tsx|route\.ts)$/.test(e.name)) ? [segments] : [];
  return here.concat(
    entries
      .filter((e) => e.isDirectory() && !e.name.startsWith('_') && !e.name.startsWith('@'))
      .flatMap((e) => routes(join(dir, e.name), /^\(.*\)$/.test(e.name) ? segments : [...segments, e.name])),
  );
}

/** A value each dynamic segment accepts, so only the segment under test is wrong. */
function sample(segment: string): string {
  if (segment === '[locale]') return 'zh';
  if (/^\[(id|n|status)\]$/.test(segment)) return '1';
  if (segment.startsWith('[...')) return 'a/b';
  return 'x';
}

function addresses(): Array<{ route: string; path: string }> {
  return routes().flatMap((segments) =>
    segments.flatMap((segment, index) =>
      segment.startsWith('[')
        ? broken.map((escape) => ({
            route: `/${segments.join('/')}`,
            path: `/${segments.map((s, i) => (i === index ? (s.startsWith('[...') ? `a/${escape}` : escape) : s.startsWith('[') ? sample(s) : s)).join('/')}`,
          }))
        : [],
    ),
  );
}

test('every dynamic segment of every route answers a malformed escape with 400, not 500', { tag: '@requests' }, async ({ request }) => {
  // Some hundred requests one after another, beside the other projects' browsers on a
  // 2-core machine: 12 s when it has a core, past the default 30 s twice in CI runs.
  test.setTimeout(120_000);
  const all = addresses();
  // The walk found the routes the issue named, and more.
  for (const route of ['/images/[...path]', '/audios/[...path]', '/fonts/latin/[file]', '/api/v1/content/posts/slug/[locale]/[slug]', '/api/v1/content/tags/[slug]']) {
    expect(all.map((a) => a.route)).toContain(route);
  }
  expect(new Set(all.map((a) => a.route)).size).toBeGreaterThan(25);
  const wrong: string[] = [];
  for (const { route, path } of all) {
    const answer = await request.get(path, { maxRedirects: 0 });
    if (answer.status() !== 400) {
      wrong.push(`${answer.status()} ${path} (${route})`);
      continue;
    }
    const type = answer.headers()['content-type'] ?? '';
    if (path.startsWith('/api/')) {
      expect(type, path).toContain('application/json');
      expect((await answer.json()).error, path).toMatchObject({ status: 400, title: 'Bad Request' });
      expect(answer.headers()['x-request-id'], path).toBeTruthy();
    } else if (/^\/(zh|en)\//.test(path) && !/^\/(zh|en)\/error\//.test(path)) {
      expect(await answer.text(), path).toContain(path.startsWith('/zh/') ? '请求无效' : 'Bad Request');
    } else {
      expect(type, path).toContain('text/plain');
    }
  }
  expect(wrong).toEqual([]);
});

test('the API titles a malformed address in the language asked for', { tag: '@requests' }, async ({ request }) => {
  const answer = await request.get('/api/v1/content/posts/slug/zh/%E4%B8?lang=zh');
  expect(answer.status()).toBe(400);
  expect((await answer.json()).error).toMatchObject({ status: 400, title: '请求无效' });
  const media = await request.get('/images/%E4%B8');
  expect(media.status()).toBe(400);
  expect(await media.text()).toContain('Bad Request');
});
