// The glossary in the translator's hands (#28): the owner adds a term on the glossary
// screen and publishes a Chinese text using it; a translator's English uses a forbidden
// variant, the checks beside the translation flag it, the source's editor underlines the
// term with its approved translation (flagged, and beside the caret for the keyboard), and
// once the translator uses the approved term the flags go.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { acceptInvite, invite, newDraft, randomIp, signInAsOwner } from './helpers/studio';

const run = randomBytes(3).toString('hex');

function pane(page: Page, language: 'Chinese' | 'English') {
  return page.locator('section', { has: page.getByRole('heading', { name: new RegExp(`^${language} ·`) }) });
}

test('a translator fixes a glossary flag', async ({ browser, baseURL }, info) => {
  test.setTimeout(180_000);
  const tag = `${run}${info.project.name}`;
  const term = { zh: `夜车${tag}`, en: `night train ${tag}`, forbidden: `sleeper ${tag}` };
  const context = () => browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': randomIp() } });

  const owner = await (await context()).newPage();
  await signInAsOwner(owner);
  await owner.goto('/en/studio/glossary');
  const add = owner.locator('section[aria-labelledby=glossary-add]');
  await add.getByLabel('Chinese term').fill(term.zh);
  await add.getByLabel('English term').fill(term.en);
  await add.getByLabel('Forbidden variants').fill(term.forbidden);
  await add.getByRole('button', { name: 'Add term' }).click();
  await owner.getByLabel('Search the glossary').fill(tag);
  await owner.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(owner.getByRole('listitem').filter({ hasText: term.en })).toContainText(term.zh);

  const link = await invite(owner, `glossary-${tag}@duet.test`, 'translator');
  const postId = await newDraft(owner, `夜车 ${tag}`, 'zh');
  // newDraft writes a Chinese post from the Chinese Studio: the rest reads the English one.
  await owner.goto(`/en/studio/posts/${postId}`);
  const source = pane(owner, 'Chinese');
  await expect(owner.locator('section[data-ready]').first()).toBeVisible();
  await source.getByLabel('Text (Markdown)').fill(`${term.zh}九点出发。`);
  await expect(source.getByRole('status')).toContainText('Saved at', { timeout: 15_000 });
  await source.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(source.getByText(/^Published\. Last updated/)).toBeVisible();

  const translator = await (await context()).newPage();
  await acceptInvite(translator, link, `Tina ${tag}`, 'translator passphrase');
  await translator.goto(`/en/studio/posts/${postId}`);
  await expect(translator.locator('section[data-ready]').first()).toBeVisible();
  const en = pane(translator, 'English');
  await en.getByRole('button', { name: 'Start the English translation' }).click();
  await en.getByLabel('Title', { exact: true }).fill(`Night train ${tag}`);
  await en.getByLabel('Text (Markdown)').fill(`The ${term.forbidden} leaves at nine.`);
  await expect(en.getByRole('status')).toContainText('Saved at', { timeout: 15_000 });

  const checks = en.locator('section', { has: translator.getByRole('heading', { name: 'Checks before review and publishing' }) });
  await expect(checks.getByText(`“${term.zh}” should be translated as “${term.en}”.`)).toBeVisible();
  await expect(checks.getByText(`“${term.forbidden}” is a forbidden variant: use “${term.en}”.`)).toBeVisible();
  await expect(checks.locator('u', { hasText: term.zh })).toHaveAttribute('title', `Approved translation: ${term.en}`);

  // In the source's own text, the term is underlined, flagged while the translation misses it.
  const underline = pane(translator, 'Chinese').locator('.cm-glossary-term', { hasText: term.zh });
  await expect(underline).toHaveAttribute('title', `Approved translation: ${term.en}. A check says the translation of this block misses or contradicts it.`);
  await expect(underline).toHaveClass(/cm-glossary-flagged/);
  // The keyboard reaches it too: with the caret in the term, its translation is shown beside it.
  await translator.locator('#zh-body').focus();
  await translator.keyboard.press('Home');
  await translator.keyboard.press('ArrowRight');
  await expect(pane(translator, 'Chinese').locator('.cm-glossary-tooltip')).toHaveText(`Approved translation: ${term.en}. A check says the translation of this block misses or contradicts it.`);

  await en.getByLabel('Text (Markdown)').fill(`The ${term.en} leaves at nine.`);
  await expect(en.getByRole('status')).toContainText('Saved at', { timeout: 15_000 });
  await expect(checks.getByText('No problems found.')).toBeVisible();
  await expect(checks.getByText(/should be translated as|forbidden variant/)).toHaveCount(0);
  await expect(underline).toHaveAttribute('title', `Approved translation: ${term.en}`);
  await expect(underline).not.toHaveClass(/cm-glossary-flagged/);
});
