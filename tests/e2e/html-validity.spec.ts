// Every page type, in both languages (and a few in Traditional characters), as the server sends it, checked by the Nu Html
// Checker (vnu-jar, the W3C validator's engine) on Java: no error and no warning is
// allowed but the few listed in `allowed` below, each with the reason it is not ours.
// The markup does not depend on the window's size, so this runs in the desktop project.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ownerPage } from './helpers/studio';

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const hasJava = spawnSync('java', ['-version']).status === 0;

/**
 * Each page type with its address in each language, and the status it answers; `hant`, the
 * address of its Traditional-script copy (server-entry/traditional.ts) for the page types
 * whose markup that copy changes most (the switch, code, a search form and its results).
 */
const pages: Array<{ name: string; zh: string; en: string; hant?: string; status?: number }> = [
  { name: 'home', zh: '/zh', en: '/en', hant: '/zh/hant' },
  { name: 'article', zh: '/zh/posts/wei-shenme-yong-liang-zhong-yuyan-chuban', en: '/en/posts/why-publish-in-two-languages' },
  { name: 'article-with-code', zh: '/zh/posts/zhongyingwen-hunpai-kongge-biaodian-duanhang', en: '/en/posts/mixing-chinese-and-english-text', hant: '/zh/hant/posts/zhongyingwen-hunpai-kongge-biaodian-duanhang' },
  { name: 'article-one-language', zh: '/zh/posts/chunjie-suibi', en: '/en/posts/chunjie-suibi' },
  { name: 'article-with-video', zh: '/zh/posts/yanzhe-suzhouhe-zou', en: '/en/posts/a-walk-along-suzhou-creek' },
  { name: 'article-with-footnotes', zh: '/zh/posts/fanyi-jing-ye-si', en: '/en/posts/translating-quiet-night-thoughts' },
  { name: 'parallel', zh: '/zh/posts/wei-shenme-yong-liang-zhong-yuyan-chuban/parallel', en: '/en/posts/why-publish-in-two-languages/parallel' },
  { name: 'static-page', zh: '/zh/guanyu-women', en: '/en/about' },
  { name: 'search-results', zh: `/zh/search?q=${encodeURIComponent('出版')}`, en: '/en/search?q=publish', hant: `/zh/hant/search?q=${encodeURIComponent('語言')}` },
  { name: 'tags', zh: '/zh/tags', en: '/en/tags' },
  { name: 'tag', zh: '/zh/tags/paiban', en: '/en/tags/typography' },
  { name: 'author', zh: '/zh/authors/lin-yue', en: '/en/authors/lin-yue' },
  { name: 'archive', zh: '/zh/archive', en: '/en/archive' },
  { name: 'page-2', zh: '/zh/page/2', en: '/en/page/2' },
  { name: 'not-found', zh: '/zh/no/such/page', en: '/en/no/such/page', status: 404 },
  { name: 'studio-login', zh: '/zh/studio/login', en: '/en/studio/login' },
];

/**
 * Messages that are not about our markup, each with the reason it stays. Everything else
 * the checker says at "error" or "warning" level fails the test; plain "info" notes never
 * do (React writes void elements as `<br/>`, which the checker notes as having no effect).
 * Empty today: what the checker found was ours and was fixed (aria-label on a <p> in the
 * error view, h1→h3 on tag pages, no h1 on /page/2, and React's action="" on the Studio's
 * forms, which a useActionState permalink replaces with the page's path).
 */
const allowed: Array<{ message: RegExp; why: string }> = [];

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

test('every page type is valid HTML in both languages and in Traditional characters (Nu Html Checker)', async ({ request, browser, baseURL }) => {
  test.skip(!hasJava && !process.env.CI, 'no java on this machine (apt-get install default-jre-headless); CI installs it');
  test.setTimeout(120_000);
  // The sign-in page shows once the site has an owner (before that it sends you to setup).
  await (await ownerPage(browser, baseURL!)).context().close();

  const dir = mkdtempSync(join(tmpdir(), 'duet-vnu-'));
  try {
    const files: string[] = [];
    for (const page of pages) {
      for (const locale of ['zh', 'en', 'hant'] as const) {
        const path = page[locale];
        if (!path) continue;
        const res = await request.get(path, { maxRedirects: 0 });
        expect(res.status(), path).toBe(page.status ?? 200);
        expect(res.headers()['content-type'], path).toContain('text/html');
        const file = join(dir, `${page.name}.${locale}.html`);
        writeFileSync(file, await res.body());
        files.push(file);
      }
    }
    const run = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--stdout', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(run.error, 'java could not run').toBeUndefined();
    expect(run.stdout, run.stderr).toMatch(/^\{/);
    const messages = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages;
    const problems = messages
      .filter((m) => m.type !== 'info' || m.subType === 'warning')
      .filter((m) => !allowed.some((a) => a.message.test(m.message)))
      .map((m) => `${m.url?.split('/').pop()}:${m.lastLine ?? '?'} ${m.subType ?? m.type}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\n/g, ' ')}` : ''}`);
    expect(problems, problems.join('\n')).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
