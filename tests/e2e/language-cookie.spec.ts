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

test('the cookie header carries SameSite=Lax, Path=/ and a one-year Max-Age', async ({ request }) => {
  const res = await request.get('/en/archive', { headers: { 'accept-language': 'zh-CN', cookie: 'NEXT_LOCALE=zh' } });
  const setCookie = res.headers()['set-cookie'];
  expect(setCookie).toMatch(/^NEXT_LOCALE=en;/);
  expect(setCookie).toMatch(/SameSite=lax/i);
  expect(setCookie).toMatch(/Path=\//);
  expect(setCookie).toMatch(/Max-Age=31536000/);
});

test('a reader whose cookie already matches gets no Set-Cookie', async ({ request }) => {
  const res = await request.get('/en/archive', { headers: { cookie: 'NEXT_LOCALE=en' } });
  expect(res.headers()['set-cookie']).toBeUndefined();
});
