// The language switcher and the NEXT_LOCALE cookie, with JavaScript on and off.
import { expect, test, type BrowserContext } from '@playwright/test';

async function localeCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE');
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled, locale: 'zh-CN' });

    test('the switcher keeps the page, sets the cookie, and the choice persists', async ({ page, context }) => {
      await page.goto('/archive');
      await expect(page).toHaveURL(/\/zh\/archive$/);
      expect(await localeCookie(context)).toBeUndefined();

      const switcher = page.locator('a.locale-switcher');
      await expect(switcher).toHaveAttribute('hreflang', 'en');
      await expect(switcher).toHaveAttribute('lang', 'en');
      await switcher.click();
      await expect(page).toHaveURL(/\/en\/archive$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');

      const cookie = await localeCookie(context);
      expect(cookie).toMatchObject({ value: 'en', sameSite: 'Lax', path: '/' });
      const days = (cookie!.expires - Date.now() / 1000) / 86400;
      expect(days).toBeGreaterThan(360);
      expect(days).toBeLessThan(370);

      // The browser says Chinese, but the remembered choice wins from now on.
      await page.goto('/');
      await expect(page).toHaveURL(/\/en$/);
      const second = await context.newPage();
      await second.goto('/archive');
      await expect(second).toHaveURL(/\/en\/archive$/);

      // And back again.
      await second.locator('a.locale-switcher').click();
      await expect(second).toHaveURL(/\/zh\/archive$/);
      expect((await localeCookie(context))?.value).toBe('zh');
    });
  });
}

/** What a browser sends when a reader follows a link from this site's page in `from`. */
const followedFrom = (from: string, baseURL: string) => ({ referer: new URL(from, baseURL).href, 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'document' });

test('the cookie header carries SameSite=Lax, Path=/ and a one-year Max-Age', { tag: '@requests' }, async ({ request, baseURL }) => {
  const res = await request.get('/en/archive', { headers: { 'accept-language': 'zh-CN', cookie: 'NEXT_LOCALE=zh', ...followedFrom('/zh/archive', baseURL!) } });
  const setCookie = res.headers()['set-cookie'];
  expect(setCookie).toMatch(/^NEXT_LOCALE=en;/);
  expect(setCookie).toMatch(/SameSite=lax/i);
  expect(setCookie).toMatch(/Path=\//);
  expect(setCookie).toMatch(/Max-Age=31536000/);
});

test('a reader whose cookie already matches gets no Set-Cookie', { tag: '@requests' }, async ({ request }) => {
  const res = await request.get('/en/archive', { headers: { cookie: 'NEXT_LOCALE=en' } });
  expect(res.headers()['set-cookie']).toBeUndefined();
});

test('a first visit or a crawler, whatever its languages, gets the shared page and no cookie', { tag: '@requests' }, async ({ request }) => {
  for (const [path, languages] of [['/en/archive', 'zh-CN,zh;q=0.9'], ['/zh/archive', 'en-GB,en;q=0.8'], ['/en/posts/why-publish-in-two-languages', ''], ['/zh', 'fr']] as const) {
    const res = await request.get(path, { headers: languages ? { 'accept-language': languages } : {} });
    expect(res.status(), path).toBe(200);
    expect(res.headers()['set-cookie'], path).toBeUndefined();
    expect(res.headers()['cache-control'], path).toMatch(/s-maxage=\d+/);
  }
});

test('a link from another site, or from the same language, is not a choice: no cookie', { tag: '@requests' }, async ({ request, baseURL }) => {
  const elsewhere = await request.get('/en/archive', { headers: { referer: 'https://elsewhere.example/zh/news', 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'document' } });
  expect(elsewhere.headers()['set-cookie']).toBeUndefined();
  const same = await request.get('/en/archive', { headers: followedFrom('/en', baseURL!) });
  expect(same.headers()['set-cookie']).toBeUndefined();
});
