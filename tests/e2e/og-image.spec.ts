// Link previews: each article's head names its generated Open Graph image (absolute URL,
// 1200×630, alt text, a large Twitter card), and that URL answers a real PNG of that size,
// cacheable, with no cookie, even for a reader the proxy would otherwise give one.
import { expect, test, type APIResponse, type Page } from '@playwright/test';

const posts = {
  zh: { path: '/zh/posts/wei-shenme-yong-liang-zhong-yuyan-chuban', title: '为什么要用两种语言出版' },
  en: { path: '/en/posts/why-publish-in-two-languages', title: 'Why Publish in Two Languages' },
} as const;

async function metaContent(page: Page, attribute: 'property' | 'name', key: string): Promise<string | null> {
  const meta = page.locator(`meta[${attribute}="${key}"]`);
  return (await meta.count()) ? meta.first().getAttribute('content') : null;
}

/** Width and height from the PNG signature and IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(body.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

function expectNoCookie(res: APIResponse) {
  expect(res.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie')).toEqual([]);
}

for (const locale of ['zh', 'en'] as const) {
  test(`the ${locale} article's og:image is its own 1200×630 PNG`, async ({ page, request, baseURL }) => {
    const { path, title } = posts[locale];
    await page.goto(path);
    const image = await metaContent(page, 'property', 'og:image');
    expect(image).toMatch(new RegExp(`^${baseURL}${path}/og\\.png\\?v=[0-9a-f]+$`));
    expect(await metaContent(page, 'property', 'og:image:width')).toBe('1200');
    expect(await metaContent(page, 'property', 'og:image:height')).toBe('630');
    expect(await metaContent(page, 'property', 'og:image:type')).toBe('image/png');
    expect(await metaContent(page, 'property', 'og:image:alt')).toContain(title);
    expect(await metaContent(page, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(await metaContent(page, 'name', 'twitter:image')).toBe(image);
    expect(await metaContent(page, 'name', 'twitter:image:alt')).toContain(title);

    // No cookie and a browser in the other language: the proxy runs for this request.
    const other = locale === 'zh' ? 'en-GB,en;q=0.9' : 'zh-CN,zh;q=0.9';
    const res = await request.get(image!, { headers: { 'accept-language': other }, maxRedirects: 0 });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(res.headers()['cache-control']).toMatch(/^public, max-age=\d+/);
    expectNoCookie(res);
    expect(pngSize(await res.body())).toEqual({ width: 1200, height: 630 });

    const again = await request.get(image!, { headers: { 'if-none-match': res.headers()['etag']! }, maxRedirects: 0 });
    expect(again.status()).toBe(304);
    expectNoCookie(again);
  });
}

test('a missing translation points at the existing version’s image and has none of its own', async ({ page, request, baseURL }) => {
  await page.goto('/en/posts/chunjie-suibi');
  const image = await metaContent(page, 'property', 'og:image');
  expect(image).toMatch(new RegExp(`^${baseURL}/zh/posts/chunjie-suibi/og\\.png\\?v=`));
  expect(await metaContent(page, 'property', 'og:image:alt')).toContain('春节随笔');

  const own = await request.get('/en/posts/chunjie-suibi/og.png', { maxRedirects: 0 });
  expect(own.status()).toBe(404);
  expectNoCookie(own);
  const existing = await request.get(image!, { maxRedirects: 0 });
  expect(existing.status()).toBe(200);
  expect(pngSize(await existing.body())).toEqual({ width: 1200, height: 630 });
});
