// Signing in to the Studio from the browser suite: the first run creates the owner
// through the setup form, every later run (or the other worker) signs in, once per worker:
// later tests get that session's cookies.
import { expect, type Browser, type Cookie, type Page } from '@playwright/test';

export const owner = { email: 'owner@duet.test', password: 'owner passphrase 1', name: 'Olivia Owner' };

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/en/studio/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en\/studio$/, { timeout: 20_000 });
}

/**
 * The owner's session cookies, once this worker has signed in: a later test's new context
 * starts with them instead of signing in again (each sign-in is a password check and
 * several page loads, seconds on a busy machine). Kept for this worker's life only.
 */
let ownerSession: Cookie[] | undefined;

export async function signInAsOwner(page: Page) {
  if (ownerSession) {
    await page.context().addCookies(ownerSession);
    await page.goto('/en/studio');
    if (/\/en\/studio$/.test(page.url())) return;
    // The session has ended (it never does in this suite, but a test could): sign in anew.
    ownerSession = undefined;
    await page.context().clearCookies();
  }
  await signInAsOwnerAnew(page);
  ownerSession = (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('duet.'));
}

async function signInAsOwnerAnew(page: Page) {
  await page.goto('/en/studio/setup');
  if (page.url().includes('/setup')) {
    await page.getByLabel('Your name').fill(owner.name);
    await page.getByLabel('E-mail address').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Create the owner account' }).click();
    // Setting up signs the owner in; a worker that lost the race stays on the form (409).
    await page.waitForURL(/\/en\/studio$/, { timeout: 5_000 }).catch(() => undefined);
    if (/\/en\/studio$/.test(page.url())) return;
    // Another worker is creating the owner this very moment (this one's setup got 409):
    // wait until the setup page sends everyone on, then give the account a moment to get
    // its password row, rather than spend failed sign-ins on the throttle.
    await expect(async () => {
      await page.goto('/en/studio/setup');
      expect(page.url()).not.toContain('/setup');
    }).toPass({ timeout: 20_000 });
    if (/\/en\/studio$/.test(page.url())) return;
    await page.waitForTimeout(1500);
  }
  // The setup page sent us on: the owner exists (long since, unless we waited above).
  await signIn(page, owner.email, owner.password);
}

/** Makes an invite link as the signed-in owner; returns its path. */
export async function invite(page: Page, email: string, role: string): Promise<string> {
  await page.goto('/en/studio/users');
  const form = page.locator('section[aria-labelledby=invite]');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Role').selectOption(role);
  await form.getByRole('button', { name: 'Create invite link' }).click();
  const link = await form.locator('[role=status] code').textContent();
  expect(link).toMatch(/\/en\/studio\/invite\/[\w-]{40,}$/);
  return new URL(link!).pathname;
}

export async function acceptInvite(page: Page, path: string, name: string, password: string) {
  await page.goto(path);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  // Accepting an invite signs the new account in (two password hashings: slow on a busy machine).
  await expect(page).toHaveURL(/\/en\/studio$/, { timeout: 20_000 });
}

/** A made-up client address, so each browser context has its own sign-in throttle. */
export const randomIp = () => `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** A new browser context signed in as the owner. */
export async function ownerPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': randomIp() } });
  const page = await context.newPage();
  await signInAsOwner(page);
  return page;
}

/** Starts a post from the Studio's list; returns its id. */
export async function newDraft(page: Page, title: string, language: 'zh' | 'en' = 'en'): Promise<number> {
  await page.goto(`/${language === 'zh' ? 'zh' : 'en'}/studio`);
  await page.locator('#new-post ~ form, section[aria-labelledby=new-post] form').first().waitFor();
  await page.locator('section[aria-labelledby=new-post] input[name=title]').fill(title);
  await page.locator('section[aria-labelledby=new-post] select[name=sourceLocale]').selectOption(language);
  await page.locator('section[aria-labelledby=new-post] button[type=submit]').click();
  await page.waitForURL(/\/studio\/posts\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** The newest revision of one language of a post, as the API lists them. */
export async function latestRevision(page: Page, postId: number, locale: 'zh' | 'en') {
  return (await (await page.request.get(`/api/v1/studio/posts/${postId}/revisions?locale=${locale}`)).json()).revisions[0] as { id: number; body: string };
}
