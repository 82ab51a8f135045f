// One error view for every status, in the page's language, with JavaScript on and off;
// and the JSON API's one error shape.
import { expect, test } from '@playwright/test';

const titles = {
  en: { 400: 'Bad Request', 404: 'This page could not be found', 405: 'Method Not Allowed', 500: 'Internal Server Error' },
  zh: { 400: '请求无效', 404: '找不到这个页面', 405: '不允许使用此方法', 500: '服务器内部错误' },
} as const;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`error pages, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });
    for (const locale of ['zh', 'en'] as const) {
      test(`${locale}: 404 for an unknown page, with header and a way home`, { tag: '@both-widths' }, async ({ page }) => {
        const res = await page.goto(`/${locale}/no/such/page`);
        expect(res?.status()).toBe(404);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('.error-view__code')).toHaveText('404');
        await expect(page.locator('h1')).toHaveText(titles[locale][404]);
        await expect(page).toHaveTitle(`404 · ${titles[locale][404]}`);
        await expect(page.locator('header a.locale-switcher')).toBeVisible();
        await page.locator('.error-view a.button').click();
        await expect(page).toHaveURL(new RegExp(`/${locale}$`));
      });

      test(`${locale}: 500 for a server error, no detail leaked`, async ({ page }) => {
        const res = await page.goto(`/${locale}/diagnostics/server-error`);
        expect(res?.status()).toBe(500);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('.error-view__code')).toHaveText('500');
        await expect(page.locator('h1')).toHaveText(titles[locale][500]);
        expect(await res!.text()).not.toContain('secret detail');
      });

      test(`${locale}: 400 for a malformed URL`, async ({ page }) => {
        const res = await page.goto(`/${locale}/posts/%E0%A4%A`);
        expect(res?.status()).toBe(400);
        await expect(page.locator('.error-view__code')).toHaveText('400');
        await expect(page.locator('h1')).toHaveText(titles[locale][400]);
      });
    }
  });
}

test('405 with Allow for a form posted to a page, in the page language', { tag: '@requests' }, async ({ request }) => {
  for (const locale of ['zh', 'en'] as const) {
    const res = await request.post(`/${locale}/about`, { form: { a: '1' } });
    expect(res.status()).toBe(405);
    expect(res.headers()['allow']).toBe('GET, HEAD');
    expect(await res.text()).toContain(titles[locale][405]);
  }
});

test('a render error in the browser shows the client-side exception notice', async ({ page }) => {
  page.on('pageerror', () => {});
  for (const [locale, notice] of [
    ['en', 'Application error: a client-side exception has occurred'],
    ['zh', '应用程序错误：客户端发生异常'],
  ] as const) {
    await page.goto(`/${locale}/diagnostics/client-error`);
    await page.getByRole('button', { name: 'Crash' }).click();
    await expect(page.locator('h1')).toHaveText(notice);
    await expect(page.locator('.error-view__code')).toHaveCount(0);
  }
});

test.describe('JSON API errors', { tag: '@requests' }, () => {
  test('unknown path: 404 JSON, not HTML and not a redirect', async ({ request }) => {
    for (const method of ['get', 'post', 'delete'] as const) {
      const res = await request[method]('/api/v1/nothing-here', { maxRedirects: 0 });
      expect(res.status()).toBe(404);
      expect(res.headers()['content-type']).toContain('application/json');
      expect(res.headers()['x-request-id']).toBeTruthy();
      const body = await res.json();
      expect(body.error).toMatchObject({ status: 404, title: 'This page could not be found' });
      expect(typeof body.error.message).toBe('string');
    }
  });

  test('wrong method: 405 with Allow', async ({ request }) => {
    const res = await request.delete('/api/health');
    expect(res.status()).toBe(405);
    expect(res.headers()['allow']).toBe('GET, HEAD, OPTIONS');
    expect((await res.json()).error).toMatchObject({ status: 405, title: 'Method Not Allowed' });
  });

  test('malformed request: 400 naming the fields at fault', async ({ request, baseURL }) => {
    const origin = { origin: new URL(baseURL!).origin };
    const bad = await request.post('/api/v1/preferences/locale', { headers: origin, data: { locale: 'fr', extra: 1 } });
    expect(bad.status()).toBe(400);
    const body = await bad.json();
    expect(body.error).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(Object.keys(body.error.fields)).toEqual(expect.arrayContaining(['locale']));

    const broken = await request.post('/api/v1/preferences/locale', { headers: { ...origin, 'content-type': 'application/json' }, data: '{"locale":' });
    expect(broken.status()).toBe(400);

    const ok = await request.post('/api/v1/preferences/locale', { headers: origin, data: { locale: 'en' } });
    expect(ok.status()).toBe(200);
    expect(ok.headers()['set-cookie']).toMatch(/NEXT_LOCALE=en; Path=\/; Max-Age=31536000; SameSite=Lax/);
  });

  test('a write without this site\'s Origin is refused: 403, nothing changed', async ({ request }) => {
    const variants: Array<Record<string, string>> = [{}, { origin: 'https://evil.example' }, { origin: 'null' }];
    for (const headers of variants) {
      const res = await request.post('/api/v1/preferences/locale', { headers, data: { locale: 'en' } });
      expect(res.status()).toBe(403);
      expect(res.headers()['set-cookie']).toBeUndefined();
      expect((await res.json()).error).toMatchObject({ status: 403 });
    }
  });

  test('the request id is echoed when the client sends one', async ({ request }) => {
    const res = await request.get('/api/health', { headers: { 'x-request-id': 'test-request-0001' } });
    expect(res.headers()['x-request-id']).toBe('test-request-0001');
    expect(await res.json()).toMatchObject({ status: 'ok', version: expect.any(String) });
  });
});
