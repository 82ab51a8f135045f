// Webhooks in the Studio, end to end: the owner adds a hook for a receiver running here
// (127.0.0.1, so "allow private network" is ticked; without it the address is refused
// beside the field), copies its secret, sends a test event, and sees the delivery
// recorded; the receiver verifies the signature from the documentation alone. An editor
// finds neither the menu item nor the section.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startReceiver } from '../integration/helpers/webhook-receiver';
import { acceptInvite, invite, ownerPage, randomIp } from './helpers/studio';

test('the owner adds a webhook and sees its test delivery; an editor does not see webhooks', async ({ browser, baseURL }, info) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const page = await ownerPage(browser, baseURL!);
    await page.getByRole('link', { name: 'Integrations' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    const form = page.locator('section[aria-labelledby=webhook-new]');
    await form.getByLabel('Address').fill(receiver.url);
    await form.getByRole('button', { name: 'Add webhook' }).click();
    // 127.0.0.1 is this server's own loopback: refused, in words, beside the field.
    await expect(form.locator('#webhook-new-url-error')).toHaveText(/private network or on this server/);
    await expect(form.getByLabel('Address')).toHaveValue(receiver.url);

    await form.getByLabel('Allow private network').check();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const secret = form.locator('[role=status] code');
    await expect(secret).toHaveText(/^whsec_[\w-]{43}$/);
    receiver.secret = (await secret.textContent())!;

    const card = page.locator('li', { has: page.getByRole('heading', { level: 3, name: receiver.url }) });
    await card.getByRole('button', { name: 'Send test event' }).click();
    await expect(card.getByRole('status')).toContainText('A test event is on its way');
    await expect(async () => {
      await page.reload();
      await expect(card.getByRole('table').getByText('Delivered')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(card.getByRole('table')).toContainText('HTTP 200');
    expect(receiver.received.map((r) => [r.headers['duet-event'], r.verified])).toEqual([['ping', true]]);

    // An editor: no menu item, and the page refuses.
    const tag = `${randomBytes(3).toString('hex')}-${info.project.name}`;
    const link = await invite(page, `editor-hooks-${tag}@duet.test`, 'editor');
    const editor = await (await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': randomIp() } })).newPage();
    await acceptInvite(editor, link, `Hook Editor ${tag}`, 'editor passphrase');
    await expect(editor.getByRole('link', { name: 'Integrations' })).toHaveCount(0);
    await editor.goto('/en/studio/integrations');
    await expect(editor.getByRole('main').getByRole('alert')).toHaveText('Your role does not allow this.');
    await expect(editor.getByRole('heading', { name: 'Webhooks' })).toHaveCount(0);
    await expect(editor.getByText(receiver.url)).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
