// Reading the Chinese pages in Traditional characters (issue #30): the 简 / 繁 switch next to
// the language switcher, the variant at /zh/hant/… with lang="zh-Hant", its links keeping
// the reader in it, the choice remembered in a cookie (JavaScript on and off), hreflang and
// canonical, code left as written, and search taking a Traditional query.
import { expect, test, type BrowserContext, type Locator } from '@playwright/test';
import { ownerPage } from './helpers/studio';

const article = '/zh/posts/wei-shenme-yong-liang-zhong-yuyan-chuban';
const titleHans = '为什么要用两种语言出版';
const titleHant = '為什麼要用兩種語言出版';

async function scriptCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'DUET_SCRIPT');
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled, locale: 'zh-CN' });

    test('繁 turns the page into Traditional characters, keeps the reader there, and is remembered', async ({ page, context }) => {
      // A first conversion of the page: 6.7 s in one CI run, past 30 s once in the next.
      test.setTimeout(60_000);
      // React reports a hydration that did not match (its error 418) as an uncaught error.
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(article);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleHans);
      const switcher = page.getByRole('group', { name: '字形' });
      await switcher.getByRole('link', { name: '以繁体字阅读本页' }).click();

      await expect(page).toHaveURL(new RegExp(`/zh/hant/posts/wei-shenme-yong-liang-zhong-yuyan-chuban$`));
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleHant);
      const cookie = await scriptCookie(context);
      expect(cookie).toMatchObject({ value: 'hant', sameSite: 'Lax', path: '/' });
      expect((cookie!.expires - Date.now() / 1000) / 86400).toBeGreaterThan(360);
      if (javaScriptEnabled) {
        // Hydrated on the same text: React did not put the Simplified words back.
        await page.waitForLoadState('networkidle');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleHant);
      }

      // The header's links stay in the variant.
      await page.getByRole('navigation').getByRole('link', { name: '標籤' }).click();
      await expect(page).toHaveURL(/\/zh\/hant\/tags$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('標籤');

      // A plain /zh/ address (a bookmark, the English page's switcher) leads to the variant.
      await page.goto('/zh/archive');
      await expect(page).toHaveURL(/\/zh\/hant\/archive$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');

      // 简 goes back, and that is remembered too.
      await page.getByRole('group', { name: '字形' }).getByRole('link', { name: '以簡體字閱讀本頁' }).click();
      await expect(page).toHaveURL(/\/zh\/archive$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
      expect((await scriptCookie(context))?.value).toBe('hans');
      await page.goto(article);
      await expect(page).toHaveURL(new RegExp(`${article}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleHans);
      expect(errors).toEqual([]);
    });
  });
}

test('a Traditional query finds the Simplified article, shown in Traditional characters', async ({ page }) => {
  await page.goto(`/zh/hant/search?q=${encodeURIComponent('兩種語言')}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  const hit = page.getByRole('link', { name: titleHant });
  await expect(hit).toBeVisible();
  await expect(hit).toHaveAttribute('href', '/zh/hant/posts/wei-shenme-yong-liang-zhong-yuyan-chuban');
  // The search box keeps the variant with JavaScript off too.
  await expect(page.locator('form[role="search"], form:has(input[name="q"])').first()).toHaveAttribute('action', /^\/zh\/hant\/search/);
});

test('hreflang names the variant, the variant names the others, the canonical stays Simplified, code stays as written', { tag: '@requests' }, async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const simplified = await (await request.get(article)).text();
  expect(simplified).toContain(`<link rel="alternate" hrefLang="zh-Hant" href="${origin}/zh/hant/posts/wei-shenme-yong-liang-zhong-yuyan-chuban"/>`);
  const answer = await request.get('/zh/hant/posts/wei-shenme-yong-liang-zhong-yuyan-chuban');
  expect(answer.status()).toBe(200);
  const variant = await answer.text();
  expect(variant).toMatch(/<html lang="zh-Hant"/);
  expect(variant).toContain(`<link rel="canonical" href="${origin}${article}"/>`);
  expect(variant).toContain(`<link rel="alternate" hrefLang="zh" href="${origin}${article}"/>`);
  expect(variant).toContain(`<link rel="alternate" hrefLang="en" href="${origin}/en/posts/why-publish-in-two-languages"/>`);
  expect(variant).toContain(`<title>${titleHant}`);

  const code = await (await request.get('/zh/hant/posts/zhongyingwen-hunpai-kongge-biaodian-duanhang')).text();
  // The CSS comment in the article's code block keeps its Simplified characters; the prose around it does not.
  expect(code).toContain('自动加入间距');
  expect(code).toContain('需要注意的是');
  expect(code).not.toContain('需要注意的是，<code>text-autospace</code> 只在显示时加入间距');
  expect(code).toContain('只在顯示時加入間距');

  // Feeds stay as written: no variant of them.
  expect((await request.get('/zh/feed.xml')).status()).toBe(200);
  expect(await (await request.get('/zh/feed.xml')).text()).toContain(titleHans);
});

/** Saves the Studio's choice of phrasing for the Traditional pages. */
async function choosePhrasing(section: Locator, variant: 'tw' | 'hk') {
  await section.getByLabel('繁体字页面的用词').selectOption(variant);
  const answered = section.page().waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/studio/settings'));
  await section.getByRole('button', { name: '保存' }).click();
  await answered;
}

test('the owner picks Hong Kong’s phrasing in the Studio, and the Traditional pages follow', async ({ browser, baseURL, request }) => {
  const page = await ownerPage(browser, baseURL!);
  await page.goto('/zh/studio/settings');
  const section = page.locator('section[aria-labelledby=settings-hant]');
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('繁体字版');
  const variantPage = async () => (await request.get('/zh/hant/posts/ba-wenzi-wo-zai-ziji-shouli')).text();
  // The settings are read again every second here (DUET_SCRIPT_SETTINGS_MS), 30 s by default.
  expect(await variantPage()).toContain('自己用的軟體');
  try {
    await choosePhrasing(section, 'hk');
    await expect.poll(variantPage).toContain('自己用的軟件');
    await page.reload();
    await expect(section.getByLabel('繁体字页面的用词')).toHaveValue('hk');
  } finally {
    await choosePhrasing(section, 'tw');
  }
  await expect.poll(variantPage).toContain('自己用的軟體');
  await page.context().close();
});
