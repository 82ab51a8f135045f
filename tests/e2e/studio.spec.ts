// The Studio end to end, in a real browser against the production build: the owner sets
// up (or signs in), invites an author, a translator and an editor; the author writes and
// publishes a Chinese post; the translator translates it and cannot publish (the page
// says so and the server answers 403); the editor publishes the English version; a reader
// sees both, linked. Also: two tabs on one text (409, nothing lost), uploads with
// progress and a refused type, the sign-in lockout, and hostile input through the API.
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { mustPreserve, mustRefuse } from '../fixtures/naughty-strings';
import { acceptInvite, invite, randomIp, signIn, signInAsOwner } from './helpers/studio';

const run = randomBytes(3).toString('hex');

/** A browser context of its own (own cookies) with its own client address for the throttle. */
async function freshContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': randomIp() } });
}

function pane(page: Page, language: 'Chinese' | 'English') {
  return page.locator('section', { has: page.getByRole('heading', { name: new RegExp(`^${language} ·`) }) });
}

test.describe('the Studio workflow', () => {
  test.describe.configure({ mode: 'serial' });

  // Once, at desktop width: the workflow is the same at every width. That its screens fit
  // a phone, every control within reach, is the layout test below (at both widths).
  test('owner invites; author writes and publishes; translator translates but cannot publish; editor publishes; readers see the pair', async ({ browser, baseURL }, info) => {
    test.setTimeout(180_000);
    const tag = `${run}-${info.project.name}`;
    const ownerContext = await freshContext(browser, baseURL!);
    const ownerPage = await ownerContext.newPage();
    await signInAsOwner(ownerPage);
    const people = {
      author: { email: `author-${tag}@duet.test`, password: 'author passphrase', name: `Ada ${tag}` },
      translator: { email: `translator-${tag}@duet.test`, password: 'translator pass', name: `Tom ${tag}` },
      editor: { email: `editor-${tag}@duet.test`, password: 'editor passphrase', name: `Eve ${tag}` },
    };
    const links = {
      author: await invite(ownerPage, people.author.email, 'author'),
      translator: await invite(ownerPage, people.translator.email, 'translator'),
      editor: await invite(ownerPage, people.editor.email, 'editor'),
    };

    // The author writes a Chinese post and publishes it.
    const authorPage = await (await freshContext(browser, baseURL!)).newPage();
    await acceptInvite(authorPage, links.author, people.author.name, people.author.password);
    const zhTitle = `茶与时间 ${tag}`;
    await authorPage.getByLabel('Title', { exact: true }).fill(zhTitle);
    await authorPage.getByLabel('Written in').selectOption('zh');
    await authorPage.getByRole('button', { name: 'Create draft' }).click();
    await expect(authorPage).toHaveURL(/\/studio\/posts\/\d+$/);
    const postPath = new URL(authorPage.url()).pathname;
    const zh = pane(authorPage, 'Chinese');
    // This pane's own editor: the English pane, with no text yet, is ready before it, and
    // a fill before the Chinese editor was ready was lost (no save followed: seen once).
    await expect(zh).toHaveAttribute('data-ready', 'true');
    await zh.getByLabel('Text (Markdown)').fill('一杯茶的时间，足够读完一篇短文。\n\n第二段：慢慢来。');
    await expect(zh.getByRole('status')).toContainText('Saved at', { timeout: 15_000 });
    // A cover: uploaded in the library, then chosen in the post's details.
    await authorPage.goto('/en/studio/media');
    const coverName = `cover-${tag}.png`;
    await authorPage.locator('input[type=file]').setInputFiles({ name: coverName, mimeType: 'image/png', buffer: await sharp({ create: { width: 960, height: 540, channels: 3, background: '#b3402a' } }).png().toBuffer() });
    await expect(authorPage.getByText(`Uploaded ${coverName}`)).toBeVisible({ timeout: 30_000 });
    await authorPage.goto(postPath);
    await authorPage.getByText('Post details').click();
    const coverOption = authorPage.locator('#meta-cover option', { hasText: `cover-${tag}` });
    await authorPage.locator('#meta-cover').selectOption((await coverOption.getAttribute('value'))!);
    await authorPage.getByRole('button', { name: 'Save details' }).click();
    await expect(authorPage.getByText('Details saved.')).toBeVisible();
    await pane(authorPage, 'Chinese').getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(zh.getByText(/^Published\. Last updated/)).toBeVisible();
    const zhSlug = (await authorPage.locator('#zh-address strong').textContent())!.trim();

    // The translator translates; the source is read-only and publishing is refused twice over.
    const translatorPage = await (await freshContext(browser, baseURL!)).newPage();
    await acceptInvite(translatorPage, links.translator, people.translator.name, people.translator.password);
    await translatorPage.goto(postPath);
    await expect(translatorPage.locator('section[data-ready]').first()).toBeVisible();
    await expect(pane(translatorPage, 'Chinese').getByLabel('Title', { exact: true })).toHaveAttribute('readonly', '');
    // The read-only source has no formatting bar, and no key changes its text.
    await expect(pane(translatorPage, 'Chinese').getByRole('toolbar')).toHaveCount(0);
    const source = translatorPage.locator('#zh-body');
    await source.locator('.cm-line').first().click();
    for (const key of ['End', 'Enter', 'Backspace', 'Control+b', 'Control+Alt+2', 'Control+Shift+9', 'Control+z']) await translatorPage.keyboard.press(key);
    await expect(source.locator('.cm-line')).toHaveText(['一杯茶的时间，足够读完一篇短文。', '', '第二段：慢慢来。']);
    const en = pane(translatorPage, 'English');
    await en.getByRole('button', { name: 'Start the English translation' }).click();
    await en.getByLabel('Title', { exact: true }).fill(`Tea and Time ${tag}`);
    await en.getByLabel('Text (Markdown)').fill('The time it takes to drink a cup of tea is enough to read a short essay.\n\nSecond paragraph: take it slowly.');
    await expect(en.getByRole('status')).toContainText('Saved at', { timeout: 15_000 });
    await expect(en.getByText(/^Your role cannot publish: submit your changes/)).toBeVisible();
    await expect(en.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    // A new English translation gets an English address, whatever the Chinese title.
    const enSlug = await en.locator('#en-address strong').innerText();
    expect(enSlug).toMatch(/^tea-and-time-/);
    const postId = Number(postPath.split('/').pop());
    const refused = await translatorPage.request.post(`/api/v1/studio/posts/${postId}/publication`, {
      headers: { origin: new URL(baseURL!).origin },
      data: { postId, locale: 'en', action: 'publish' },
    });
    expect(refused.status()).toBe(403);
    const sourceEdit = await translatorPage.request.put(`/api/v1/studio/posts/${postId}/translations/zh`, {
      headers: { origin: new URL(baseURL!).origin },
      data: { postId, locale: 'zh', title: 'hijacked', slug: zhSlug, excerpt: '', body: '', expectedRevisionId: 1, basedOnRevisionId: null },
    });
    expect(sourceEdit.status()).toBe(403);
    await en.getByLabel('Note for the reviewer (optional)').fill('First draft, please check the tone.');
    await en.getByRole('button', { name: 'Submit for review' }).click();
    await expect(en.getByText(/^Waiting for review since/)).toBeVisible();

    // The editor finds the request in the review queue and approves it, which publishes it.
    const editorPage = await (await freshContext(browser, baseURL!)).newPage();
    await acceptInvite(editorPage, links.editor, people.editor.name, people.editor.password);
    await editorPage.getByRole('link', { name: /^Review [1-9]\d* requests? waiting$/ }).click();
    await expect(editorPage).toHaveURL(/status=review/);
    await editorPage.getByRole('link', { name: `Tea and Time ${tag}` }).click();
    await expect(editorPage).toHaveURL(new RegExp(`${postPath}$`));
    const enAsEditor = pane(editorPage, 'English');
    await expect(enAsEditor.getByText('First draft, please check the tone.')).toBeVisible();
    await enAsEditor.getByRole('button', { name: 'Approve and publish' }).click();
    await editorPage.getByRole('dialog').getByRole('button', { name: 'Approve and publish' }).click();
    await expect(enAsEditor.getByText(/^Published\. Last updated/)).toBeVisible();

    // A reader sees both, and the language switch links the pair.
    const reader = await (await browser.newContext({ baseURL })).newPage();
    await reader.goto(`/zh/posts/${zhSlug}`);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(zhTitle);
    await expect(reader.locator(`img[src*="cover-"]`).first()).toBeVisible();
    // The upload's variants serve phones a smaller AVIF or WebP.
    const avif = await reader.locator('.post-cover source[type="image/avif"]').getAttribute('srcset');
    expect(avif).toMatch(/cover-[^ ]+\.w480\.avif 480w, \/images\/cover-[^ ]+\.w960\.avif 960w/);
    const variant = await reader.request.get(avif!.split(' ')[0]!);
    expect(variant.headers()['content-type']).toBe('image/avif');
    await reader.locator('a[hreflang="en"]').first().click();
    await expect(reader).toHaveURL(new RegExp(`/en/posts/${enSlug}$`));
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(`Tea and Time ${tag}`);

    // An edit of a published text is a draft: readers keep the published text until Update.
    await enAsEditor.getByLabel('Title', { exact: true }).fill(`Tea and Time, revised ${tag}`);
    await expect(enAsEditor.getByRole('status')).toContainText('Saved at', { timeout: 15_000 });
    await expect(enAsEditor.getByText(/^Published, with unpublished changes/)).toBeVisible();
    await reader.reload();
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(`Tea and Time ${tag}`);
    await enAsEditor.getByRole('button', { name: 'Update', exact: true }).click();
    await editorPage.getByRole('dialog').getByRole('button', { name: 'Update', exact: true }).click();
    await expect(enAsEditor.getByText(/^Published\. Last updated/)).toBeVisible();
    await reader.reload();
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(`Tea and Time, revised ${tag}`);
  });

  test('settings change the site\'s navigation; a new password ends the other sessions', { tag: '@both-widths' }, async ({ browser, baseURL }, info) => {
    test.setTimeout(120_000);
    const tag = `${run}-${info.project.name}-p`;
    const ownerPage = await (await freshContext(browser, baseURL!)).newPage();
    await signInAsOwner(ownerPage);
    await ownerPage.goto('/en/studio/settings');
    // Each project saves its own language's links (the projects run side by side on one
    // server) and sends a refused list in the other, which changes nothing.
    const [lang, otherLang] = info.project.name === 'mobile' ? ['zh', 'en'] : ['en', 'zh'];
    const section = ownerPage.locator(`section[aria-labelledby=settings-${lang}]`);
    // The links are rows once the page is live: a label and an address each, in order. Their
    // addresses are new to the header (one to /archive or a page would be shown once).
    const nav = section.getByRole('group', { name: 'Extra navigation links' });
    await expect(nav).toBeVisible();
    const removeButtons = nav.getByRole('button', { name: /^Remove link/ });
    while ((await removeButtons.count()) > 0) await removeButtons.first().click();
    await nav.getByRole('button', { name: 'Add a link' }).click();
    await expect(nav.getByRole('textbox', { name: 'Label of link 1' })).toBeFocused();
    await nav.getByRole('textbox', { name: 'Label of link 1' }).fill(`Archive ${tag}`);
    await nav.getByRole('textbox', { name: 'Address of link 1' }).fill(`/${lang}/old-archive`);
    await nav.getByRole('button', { name: 'Add a link' }).click();
    await nav.getByRole('textbox', { name: 'Label of link 2' }).fill(`Colophon ${tag}`);
    await nav.getByRole('textbox', { name: 'Address of link 2' }).fill(`/${lang}/colophon`);
    await nav.getByRole('button', { name: 'Move link 2 up' }).click();
    await expect(nav.getByRole('textbox', { name: 'Label of link 1' })).toHaveValue(`Colophon ${tag}`);
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('Saved.')).toBeVisible();
    const reader = await (await browser.newContext({ baseURL })).newPage();
    await reader.goto(`/${lang}`);
    const ours = reader.getByRole('navigation').getByRole('link', { name: new RegExp(tag) });
    await expect(ours).toHaveText([`Colophon ${tag}`, `Archive ${tag}`]);
    await expect(ours.first()).toHaveAttribute('href', `/${lang}/colophon`);

    const bad = ownerPage.locator(`section[aria-labelledby=settings-${otherLang}]`);
    const badNav = bad.getByRole('group', { name: 'Extra navigation links' });
    await badNav.getByRole('button', { name: 'Add a link' }).click();
    const row = await badNav.getByRole('textbox', { name: /^Label of link/ }).count();
    await badNav.getByRole('textbox', { name: `Label of link ${row}` }).fill('坏链接');
    await badNav.getByRole('textbox', { name: `Address of link ${row}` }).fill('javascript:alert(1)');
    await bad.getByRole('button', { name: 'Save' }).click();
    // Refused with the row at fault, and what was typed is still there.
    await expect(bad.locator('small', { hasText: new RegExp(`^${row}: `) })).toBeVisible();
    await expect(badNav.getByRole('textbox', { name: `Address of link ${row}` })).toHaveValue('javascript:alert(1)');

    const email = `writer-${tag}@duet.test`;
    const link = await invite(ownerPage, email, 'author');
    const one = await (await freshContext(browser, baseURL!)).newPage();
    await acceptInvite(one, link, `Wen ${tag}`, 'first passphrase');
    const two = await (await freshContext(browser, baseURL!)).newPage();
    await signIn(two, email, 'first passphrase');
    await one.goto('/en/studio/account');
    await one.getByLabel('Current password').fill('first passphrase');
    await one.getByLabel('New password').fill('second passphrase');
    await one.getByRole('button', { name: 'Change password' }).click();
    // Hashing the new password (and checking the old one) takes seconds on a busy machine.
    await expect(one.getByText('Saved.')).toBeVisible({ timeout: 20_000 });
    await two.goto('/en/studio');
    await expect(two).toHaveURL(/\/studio\/login$/);
    await signIn(two, email, 'second passphrase');
  });

  test('two tabs on one text: the second save gets 409, both versions are shown, and nothing is lost', async ({ browser, baseURL }, info) => {
    test.setTimeout(90_000);
    const context = await freshContext(browser, baseURL!);
    const first = await context.newPage();
    await signInAsOwner(first);
    const title = `Two tabs ${run}-${info.project.name}`;
    await first.getByLabel('Title', { exact: true }).fill(title);
    await first.getByLabel('Written in').selectOption('en');
    await first.getByRole('button', { name: 'Create draft' }).click();
    await expect(first).toHaveURL(/\/studio\/posts\/\d+$/);
    await expect(first.locator('section[data-ready]').first()).toBeVisible();
    const second = await context.newPage();
    await second.goto(first.url());
    await expect(second.locator('section[data-ready]').first()).toBeVisible();

    await pane(second, 'English').getByLabel('Text (Markdown)').fill('Written in the second tab.');
    await expect(pane(second, 'English').getByRole('status')).toContainText('Saved at', { timeout: 15_000 });
    const mine = pane(first, 'English');
    await mine.getByLabel('Text (Markdown)').fill('Written in the first tab.');
    await expect(mine.getByText(/^This text was saved in another tab or by another person/).first()).toBeVisible({ timeout: 15_000 });
    await expect(mine.getByText('Their version (saved)')).toBeVisible();
    await expect(mine.getByText('Written in the second tab.')).toBeVisible();
    await mine.getByRole('button', { name: 'Save my version over theirs' }).click();
    await expect(mine.getByRole('status')).toContainText('Saved at', { timeout: 15_000 });

    // Both texts survive as revisions.
    const id = Number(new URL(first.url()).pathname.split('/').pop());
    const revisions = await (await first.request.get(`/api/v1/studio/posts/${id}/revisions?locale=en`)).json();
    const bodies = revisions.revisions.map((r: { body: string }) => r.body);
    expect(bodies).toContain('Written in the first tab.');
    expect(bodies).toContain('Written in the second tab.');
    await first.reload();
    await expect(first.locator('section[data-ready]').first()).toBeVisible();
    await expect(pane(first, 'English').getByLabel('Text (Markdown)')).toHaveText('Written in the first tab.');
  });

  test('a scheduled translation appears on the site on time, with no cron service', async ({ browser, baseURL }, info) => {
    test.setTimeout(90_000);
    const page = await (await freshContext(browser, baseURL!)).newPage();
    await signInAsOwner(page);
    const title = `Scheduled ${run}-${info.project.name}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Written in').selectOption('en');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect(page).toHaveURL(/\/studio\/posts\/\d+$/);
    await expect(page.locator('section[data-ready]').first()).toBeVisible();
    const english = pane(page, 'English');
    await english.getByLabel('Text (Markdown)').fill('A piece written to appear at a set time, with a body like any other.');
    await expect(english.getByRole('status')).toContainText('Saved at', { timeout: 15_000 });
    const slug = await english.locator('#en-address strong').innerText();
    const postId = Number(new URL(page.url()).pathname.split('/').pop());
    const at = new Date(Date.now() + 8_000);
    const scheduled = await page.request.post(`/api/v1/studio/posts/${postId}/publication`, {
      headers: { origin: new URL(baseURL!).origin },
      data: { postId, locale: 'en', action: 'schedule', publishAt: at.toISOString() },
    });
    expect(scheduled.status()).toBe(200);
    expect((await scheduled.json()).post.editorial.en).toBe('scheduled');
    const reader = await (await browser.newContext({ baseURL })).newPage();
    expect((await reader.goto(`/en/posts/${slug}`))!.status()).toBe(404);
    await expect(async () => {
      const response = await reader.goto(`/en/posts/${slug}`);
      expect(response!.status()).toBe(200);
    }).toPass({ timeout: 40_000, intervals: [2_000] });
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  });

  test('uploads show progress and land in the library; a disguised file is refused with a clear message', async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const page = await (await freshContext(browser, baseURL!)).newPage();
    await signInAsOwner(page);
    await page.goto('/en/studio/media');
    const noise = Buffer.from(Array.from({ length: 600 * 400 * 3 }, () => Math.floor(Math.random() * 256)));
    const png = await sharp(noise, { raw: { width: 600, height: 400, channels: 3 } }).png().toBuffer();
    const name = `upload-${run}-${randomBytes(2).toString('hex')}.png`;
    await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: png });
    await expect(page.getByText(`Uploaded ${name}`)).toBeVisible({ timeout: 30_000 });
    await page.reload();
    await expect(page.locator('code', { hasText: /\/images\/upload-/ }).first()).toBeVisible();

    await page.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') });
    await expect(page.getByRole('alert').filter({ hasText: 'photo.png was not uploaded' })).toBeVisible({ timeout: 15_000 });
  });

  test('five failed sign-ins lock the account, with the same answer whether or not it exists', async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    const page = await (await freshContext(browser, baseURL!)).newPage();
    await signInAsOwner(page);
    await page.context().clearCookies();
    const email = `nobody-${run}-${randomBytes(2).toString('hex')}@duet.test`;
    for (let i = 1; i <= 5; i++) {
      await page.goto('/en/studio/login');
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password').fill(`wrong guess ${i}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const expected = i < 5 ? 'The e-mail address or the password is wrong.' : /Too many failed sign-ins/;
      await expect(page.getByRole('alert').filter({ hasText: expected })).toBeVisible();
    }
  });
});

/**
 * The controls of `main` that stick out of the window: each visible button, field, select
 * and link whose box passes the window's right edge, unless a scrolling box holds it.
 */
async function controlsOutsideTheWindow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element | null): boolean => {
      for (let at = el?.parentElement; at && at !== document.body; at = at.parentElement) {
        if (/(auto|scroll)/.test(getComputedStyle(at).overflowX)) return true;
      }
      return false;
    };
    return [...document.querySelectorAll('main :is(button, input, select, textarea, a, [role=textbox])')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (box.right > width + 1 || box.left < -1) && !scrolls(el);
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || el.getAttribute('name') || '').trim().slice(0, 40)}"`);
  });
}

// The workflow's screens at the window's width (and at 375 px in the mobile project): the
// invite form, the list and its review queue, the editor's two panes with their publishing
// controls, and the publishing dialog. Nothing sticks out sideways.
test('the workflow\'s screens fit the window, every control within reach', { tag: '@both-widths' }, async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const page = await (await freshContext(browser, baseURL!)).newPage();
  await signInAsOwner(page);
  const expectFits = async (what: string) => {
    await expect(page.locator('main')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${what}: the page scrolls sideways`).toBe(true);
    expect(await controlsOutsideTheWindow(page), what).toEqual([]);
  };
  await page.goto('/en/studio/users');
  await expect(page.getByRole('button', { name: /invite/i }).first()).toBeVisible();
  await expectFits('the users page and its invite form');
  await page.goto('/en/studio?status=review');
  await expectFits('the review queue');
  await page.goto('/en/studio');
  await expectFits('the list');
  // The demo's post with an outdated translation: two panes, each with its publishing
  // controls, and the source's diff.
  await page.goto('/en/studio?translation=outdated');
  await page.goto((await page.locator('table a[href*="/studio/posts/"]').first().getAttribute('href'))!);
  await expect(page.locator('section[data-ready]').first()).toBeVisible();
  await expect(pane(page, 'Chinese').getByLabel('Text (Markdown)')).toBeVisible();
  await expect(pane(page, 'English').getByLabel('Text (Markdown)')).toBeVisible();
  await expectFits('the editor with both panes');
  // Unpublishing asks first: the dialog fits too (and is cancelled).
  await page.locator('main').getByRole('button', { name: 'Unpublish', exact: true }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectFits('the publishing dialog');
  const dialogBox = (await page.getByRole('dialog').boundingBox())!;
  expect(dialogBox.x).toBeGreaterThanOrEqual(0);
  expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('hostile input through the Studio API', () => {
  // Every naughty string goes through the save route in-process on both databases
  // (tests/integration/studio-naughty-strings.test.ts). Over HTTP, through the production
  // server, a few whose trip over the wire could differ: a text stored byte for byte, one
  // refused for a NUL, one for half of a surrogate pair (sent as a JSON escape), the
  // longest body a field takes, and the 10 MB body refused before it is read.
  const overTheWire = ['file name spoof', 'family (ZWJ)', 'NUL inside', 'high in the middle', 'exactly the longest field, in supplementary Han', '10 MB'];

  test('naughty strings over HTTP are refused with 400 naming the field, or stored byte for byte; never a 500', async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const page = await (await freshContext(browser, baseURL!)).newPage();
    await signInAsOwner(page);
    await page.getByLabel('Title', { exact: true }).fill(`Naughty ${run}`);
    await page.getByLabel('Written in').selectOption('en');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect(page).toHaveURL(/\/studio\/posts\/\d+$/);
    const postId = Number(new URL(page.url()).pathname.split('/').pop());
    const origin = { origin: new URL(baseURL!).origin };
    const latest = async () => (await (await page.request.get(`/api/v1/studio/posts/${postId}/revisions?locale=en`)).json()).revisions[0];
    let revision = (await latest()).id as number;

    const entries = [...mustPreserve, ...mustRefuse].filter((entry) => overTheWire.includes(entry.name));
    expect(entries.map((entry) => entry.name).sort()).toEqual([...overTheWire].sort());
    for (const entry of entries) {
      const res = await page.request.put(`/api/v1/studio/posts/${postId}/translations/en`, {
        headers: origin,
        data: { postId, locale: 'en', title: 'Naughty', slug: `naughty-${run}`, excerpt: '', body: entry.text, expectedRevisionId: revision, basedOnRevisionId: null },
      });
      expect(res.status(), entry.name).toBeLessThan(500);
      if (entry.expect === 'refuse') {
        expect([400, 413], entry.name).toContain(res.status());
        if (res.status() === 400) expect(Object.keys((await res.json()).error.fields ?? {}), entry.name).toContain('body');
      } else {
        expect(res.status(), entry.name).toBe(200);
        revision = (await res.json()).translation.revisionId;
        expect((await latest()).body === entry.text, entry.name).toBe(true);
      }
    }

    // Wrong types, unknown fields, no Origin, no session.
    const wrong = await page.request.put(`/api/v1/studio/posts/${postId}/translations/en`, { headers: origin, data: { postId: 'x', locale: 'fr', title: 5, extra: true } });
    expect(wrong.status()).toBe(400);
    expect(Object.keys((await wrong.json()).error.fields)).toEqual(expect.arrayContaining(['locale', 'title']));
    const noOrigin = await page.request.put(`/api/v1/studio/posts/${postId}/translations/en`, { data: {} });
    expect(noOrigin.status()).toBe(403);
    const anonymous = await (await browser.newContext({ baseURL })).request.put(`/api/v1/studio/posts/${postId}/translations/en`, { headers: origin, data: {} });
    expect(anonymous.status()).toBe(401);
    const smuggled = await (await browser.newContext({ baseURL })).request.put(`/api/v1/studio/posts/${postId}/translations/en`, {
      headers: { ...origin, 'x-middleware-subrequest': 'src/proxy:src/proxy:src/proxy:src/proxy:src/proxy' },
      data: {},
    });
    expect(smuggled.status()).toBe(401);
  });
});
