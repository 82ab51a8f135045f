// Subscribing from the form under a reading page, JavaScript on and off, in both
// languages: the language preselected from the page, the notice the answer returns to,
// the confirmation e-mail the server wrote to DATA_DIR/outbox (no SMTP_URL in the suite)
// in the chosen language, and its link confirming once.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';

const outbox = join(process.env.E2E_DATA_DIR ?? 'data/e2e', 'outbox');

async function mailTo(address: string) {
  let found: Buffer | undefined;
  await expect(async () => {
    const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    found = files.map((f) => readFileSync(join(outbox, f))).find((raw) => raw.includes(`To: ${address}`));
    expect(found, `an e-mail to ${address} in ${outbox}`).toBeDefined();
  }).toPass({ timeout: 20_000 });
  return simpleParser(found!);
}

const cases = [
  { locale: 'zh', choose: undefined, subject: '请确认订阅', confirmed: '订阅成功', used: '此链接已使用过' },
  { locale: 'en', choose: 'both', subject: ' / Confirm your subscription to ', confirmed: '订阅成功', used: '此链接已使用过' },
] as const;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`subscribe, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });
    for (const c of cases) {
      test(`${c.locale}: subscribe, get the e-mail, confirm once`, async ({ page }, info) => {
        const address = `e2e-${c.locale}-${javaScriptEnabled ? 'js' : 'nojs'}-${info.project.name}-${Date.now()}@example.com`;
        await page.goto(`/${c.locale}/archive`);
        const form = page.locator('section[aria-labelledby="subscribe-heading"]');
        await expect(form.locator(`input[name=language][value=${c.locale}]`)).toBeChecked();
        await expect(form.locator('#subscribe-sent')).toBeHidden();
        await form.locator('input[name=email]').fill(address);
        if (c.choose) await form.locator(`input[name=language][value=${c.choose}]`).check();
        await form.locator('button[type=submit]').click();
        await expect(page).toHaveURL(new RegExp(`/${c.locale}/archive#subscribe-sent$`));
        await expect(form.locator('#subscribe-sent')).toBeVisible();

        const mail = await mailTo(address);
        expect(mail.subject).toContain(c.subject);
        const link = /https?:\/\/\S+\/members\/confirm\?token=[\w-]{43}/.exec(mail.text ?? '')?.[0];
        expect(link).toBeDefined();
        // The link's path on whatever host serves the suite (SITE_URL may name another).
        const path = new URL(link!).pathname + new URL(link!).search;
        await page.goto(path);
        await expect(page.locator('h1')).toHaveText(c.confirmed);
        await page.goto(path);
        await expect(page.locator('h1')).toHaveText(c.used);
      });
    }
  });
}

// Where the forms are: a larger one at the end of an article and on the home page, one
// compact in the footer of every reading page; the article's form answers at its own notice.
test.describe('the forms of a reading page, JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test('an article ends with a form, the footer has the compact one, the home page its own', async ({ page }, info) => {
    await page.goto('/zh/posts/wei-shenme-yong-liang-zhong-yuyan-chuban');
    const main = page.locator('section[aria-labelledby="subscribe-main-heading"]');
    const footer = page.locator('section[aria-labelledby="subscribe-heading"]');
    await expect(main).toBeVisible();
    await expect(footer).toBeVisible();
    // The larger form follows the article; the compact one comes after it, before the site's footer.
    const order = await page.evaluate(() =>
      ['article.post', 'section[aria-labelledby="subscribe-main-heading"]', 'section[aria-labelledby="subscribe-heading"]', 'footer.site-footer'].map((selector) => {
        const all = [...document.querySelectorAll('body *')];
        return all.indexOf(document.querySelector(selector)!);
      }),
    );
    expect(order.every((position, i) => position >= 0 && (i === 0 || position > order[i - 1]!)), `document order ${order}`).toBe(true);
    await expect(main.locator('input[name=language][value=zh]')).toBeChecked();

    const address = `e2e-article-${info.project.name}-${Date.now()}@example.com`;
    await main.locator('input[name=email]').fill(address);
    await main.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/zh\/posts\/wei-shenme-yong-liang-zhong-yuyan-chuban#subscribe-main-sent$/);
    await expect(main.locator('#subscribe-main-sent')).toBeVisible();
    await expect(footer.locator('#subscribe-sent')).toBeHidden();
    expect((await mailTo(address)).subject).toContain('请确认订阅');

    await page.goto('/en');
    await expect(page.locator('section[aria-labelledby="subscribe-main-heading"] input[name=language][value=en]')).toBeChecked();
    await expect(page.locator('section[aria-labelledby="subscribe-heading"]')).toBeVisible();
  });
});
