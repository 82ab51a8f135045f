// Every page type, in both languages (and a few in Traditional characters), as the server sends it, checked by the Nu Html
// Checker (vnu-jar, the W3C validator's engine) on Java: no error and no warning is
// allowed but the few listed in `allowed` below, each with the reason it is not ours. The
// signed-in Studio's API reference goes through the same one run of the checker (each run
// starts a Java machine: some 10 s of CPU).
// The markup does not depend on the window's size, so this runs in the desktop project.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
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

/** Studio pages read signed in as the owner. */
const signedInPages: Array<{ name: string; zh: string; en: string }> = [
  { name: 'api-reference', zh: '/zh/studio/integrations/api', en: '/en/studio/integrations/api' },
];

/**
 * Messages that are not about our markup, each with the reason it stays. Everything else
 * the checker says at "error" or "warning" level fails the test; plain "info" notes never
 * do (React writes void elements as `<br/>`, which the checker notes as having no effect).
 * The rest of what the checker found was ours and was fixed (aria-label on a <p> in the
 * error view, h1→h3 on tag pages, no h1 on /page/2, and React's action="" on the Studio's
 * forms, which a useActionState permalink replaces with the page's path).
 */
const allowed: Array<{ message: RegExp; extract?: RegExp; file?: RegExp; why: string }> = [
  {
    message: /Bad value “” for attribute “action” on element “form”/,
    extract: /<form action="" encType="multipart\/form-data" method="POST"><input/,
    file: /^api-reference\./,
    why: 'the Studio frame’s sign-out form on every signed-in page: React writes a server action’s form with action="" (not the page’s own markup)',
  },
];

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
  const owner = await ownerPage(browser, baseURL!);

  const dir = mkdtempSync(join(tmpdir(), 'duet-vnu-'));
  try {
    const files: string[] = [];
    const fetchInto = async (from: APIRequestContext, name: string, path: string, status: number) => {
      const res = await from.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(status);
      expect(res.headers()['content-type'], path).toContain('text/html');
      const file = join(dir, `${name}.html`);
      writeFileSync(file, await res.body());
      files.push(file);
    };
    for (const page of pages) {
      for (const locale of ['zh', 'en', 'hant'] as const) {
        const path = page[locale];
        if (path) await fetchInto(request, `${page.name}.${locale}`, path, page.status ?? 200);
      }
    }
    for (const page of signedInPages) {
      for (const locale of ['zh', 'en'] as const) await fetchInto(owner.request, `${page.name}.${locale}`, page[locale], 200);
    }
    const run = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--stdout', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(run.error, 'java could not run').toBeUndefined();
    expect(run.stdout, run.stderr).toMatch(/^\{/);
    const messages = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages;
    const problems = messages
      .filter((m) => m.type !== 'info' || m.subType === 'warning')
      .filter((m) => !allowed.some((a) => a.message.test(m.message) && (!a.extract || a.extract.test(m.extract ?? '')) && (!a.file || a.file.test(m.url?.split('/').pop() ?? ''))))
      .map((m) => `${m.url?.split('/').pop()}:${m.lastLine ?? '?'} ${m.subType ?? m.type}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\n/g, ' ')}` : ''}`);
    expect(problems, problems.join('\n')).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await owner.context().close();
  }
});
