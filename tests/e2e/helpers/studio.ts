// Signing in to the Studio from the browser suite: the first run creates the owner
// through the setup form, every later run (or the other worker) signs in.
import { expect, type Page } from '@playwright/test';

export const owner = { email: 'owner@duet.test', password: 'owner passphrase 1', name: 'Olivia Owner' };

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/en/studio/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en\/studio$/);
}

export async function signInAsOwner(page: Page) {
  await page.goto('/en/studio/setup');
  if (page.url().includes('/setup')) {
    await page.getByLabel('Your name').fill(owner.name);
    await page.getByLabel('E-mail address').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Create the owner account' }).click();
    await page.waitForURL(/\/studio\/(login|setup)/);
  }
  // Another worker may be creating the owner this very moment (this one's setup then got
  // 409): wait until the setup page sends everyone to sign in, then give the account a
  // moment to get its password row, rather than spend failed sign-ins on the throttle.
  await expect(async () => {
    await page.goto('/en/studio/setup');
    expect(page.url()).toContain('/login');
  }).toPass({ timeout: 20_000 });
  await page.waitForTimeout(1500);
  await signIn(page, owner.email, owner.password);
}
