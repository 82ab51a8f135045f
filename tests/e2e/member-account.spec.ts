// A member's own account in a browser with JavaScript off (every form is plain HTML):
// subscribe and confirm, ask for a sign-in link, open it and press Sign in, change the
// language and newsletters, download the data, unsubscribe and subscribe again, sign out,
// and delete the account. The e-mails are the .eml files the server wrote (no SMTP_URL).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';

const outbox = join(process.env.E2E_DATA_DIR ?? 'data/e2e', 'outbox');

async function linkIn(address: string, path: string): Promise<string> {
  let text = '';
  await expect(async () => {
    // Parsed before it is searched: a quoted-printable line break may fall inside the link.
    const raws = readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(join(outbox, f)))
      .filter((raw) => raw.includes(`To: ${address}`));
    const texts = (await Promise.all(raws.map((raw) => simpleParser(raw)))).map((mail) => mail.text ?? '').filter((body) => body.includes(path));
    expect(texts.length, `an e-mail to ${address} with ${path}`).toBeGreaterThan(0);
    text = texts.at(-1)!;
  }).toPass({ timeout: 20_000 });
  const link = new RegExp(`https?://\\S+${path.replace('?', '\\?')}[\\w-]{43}`).exec(text)![0];
  return new URL(link).pathname + new URL(link).search;
}

async function subscribeAndConfirm(page: Page, address: string) {
  await page.goto('/zh/archive');
  const form = page.locator('section[aria-labelledby="subscribe-heading"]');
  await form.locator('input[name=email]').fill(address);
  await form.locator('button[type=submit]').click();
  await page.goto(await linkIn(address, '/members/confirm?token='));
  await expect(page.locator('h1')).toHaveText('订阅成功');
}

test.use({ javaScriptEnabled: false });

test('a member signs in by a link and manages their subscription without JavaScript', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'one run: forms, not layout (the pages are looked at in both widths by screenshots)');
  const address = `account-${Date.now()}@example.com`;
  await subscribeAndConfirm(page, address);

  // From the form under any page to the sign-in page, in English.
  await page.goto('/en/archive');
  await page.getByRole('link', { name: 'Already subscribed? Manage your subscription' }).click();
  await expect(page).toHaveURL(/\/en\/members\/sign-in$/);
  await page.getByLabel('E-mail address', { exact: true }).first().fill(address);
  await page.getByRole('button', { name: 'E-mail me a link' }).click();
  await expect(page).toHaveURL(/\/en\/members\/sign-in#sign-in-sent$/);
  await expect(page.locator('#sign-in-sent')).toBeVisible();

  // Opening the link signs nobody in by itself; the button does.
  const link = await linkIn(address, '/members/sign-in?token=');
  await page.goto(link);
  await expect(page.locator('h1')).toHaveText(/^Sign in to /);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/members\/account$/);
  await expect(page.getByText(`Signed in as ${address}`)).toBeVisible();
  await expect(page.locator('input[name=language][value=zh]')).toBeChecked();

  await page.locator('input[name=language][value=both]').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/#account-saved$/);
  await expect(page.locator('#account-saved')).toBeVisible();
  await expect(page.locator('input[name=language][value=both]')).toBeChecked();

  const download = await page.request.get('/api/v1/members/me/data');
  expect(await download.json()).toMatchObject({ member: { email: address, language: 'both', status: 'subscribed' } });

  await page.getByRole('button', { name: 'Unsubscribe from everything' }).click();
  await expect(page.locator('[data-member-status]')).toHaveAttribute('data-member-status', 'unsubscribed');
  await page.getByRole('button', { name: 'Subscribe again' }).click();
  await expect(page.locator('[data-member-status]')).toHaveAttribute('data-member-status', 'subscribed');

  // The link was single-use: opening it again and pressing Sign in says so.
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('[data-link-problem]')).toHaveAttribute('data-link-problem', 'used');

  await page.goto('/en/members/account');
  await page.getByLabel('Type your address to confirm').fill(address);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/en\/members\/sign-in#account-deleted$/);
  await expect(page.locator('#account-deleted')).toBeVisible();
  await page.goto('/en/members/account');
  await expect(page).toHaveURL(/\/en\/members\/sign-in$/);
});
