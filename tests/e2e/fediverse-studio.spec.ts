// The Studio's Fediverse area as an owner, with followers, replies and likes seeded as
// the federation stores them: the figures per language count what is there, a held follow
// request is accepted, a reply approved in the queue appears under the article in its
// language (with the likes and the address to follow) and not in the other, hiding it takes
// it away again, and the settings refuse two equal handles. The screens pass axe and fit
// a phone.
import axe from 'axe-core';
import { expect, test, type Page } from '@playwright/test';
import { openSeeder, type Seeder } from './helpers/fediverse';
import { ownerPage } from './helpers/studio';

// The demo article no other spec reads closely: its page changes while this runs.
const articleSlug = 'deploying-nextjs-on-your-own-server';
let seed: Seeder;

test.beforeAll(async () => {
  seed = await openSeeder();
});
test.afterAll(async () => {
  await seed?.undoReactions();
  await seed?.close();
});

async function expectNoSeriousIssues(page: Page, what: string) {
  await page.addScriptTag({ content: axe.source });
  const results = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run());
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`), what).toEqual([]);
}

test('an approved reply shows under the article in its language only, and hiding it takes it away', async ({ browser, baseURL }, info) => {
  test.skip(info.project.name !== 'desktop', 'one run: a workflow (the layout is the axe test below)');
  test.setTimeout(90_000);
  const article = await seed.article(articleSlug);
  // A run that failed half-way may have left a reply approved there.
  await seed.hideApproved(article.id);
  const instance = seed.host('replies');
  const text = `一条来自 Mastodon 的回复 ${instance}`;
  const reply = await seed.reply(article.id, 'zh', 'lin', instance, `<p>${text}</p><p><a href="https://${instance}/tags/duet" rel="nofollow noopener noreferrer">#duet</a></p>`);
  const before = await seed.reactions(article.id, 'zh');
  await seed.like(article.id, 'zh', instance);
  await seed.like(article.id, 'zh', instance, 'announce');

  const page = await ownerPage(browser, baseURL!);
  await page.goto('/zh/studio/fediverse/replies');
  const card = page.locator(`[data-reply="${reply.id}"]`);
  await expect(card).toContainText(text);
  await expect(card).toContainText(`@lin@${instance}`);
  await expect(card.locator(`a[href="/zh/posts/${article.zh}"]`)).toHaveCount(1);
  await card.getByRole('button', { name: '通过' }).click();
  // It leaves the waiting list for the approved one.
  await expect(card).toHaveCount(0);
  await page.locator('[data-reply-state=approved]').click();
  await expect(page.locator(`[data-reply="${reply.id}"]`)).toContainText(text);

  const reader = await (await browser.newContext({ baseURL })).newPage();
  await reader.goto(`/zh/posts/${article.zh}`);
  const replies = reader.locator('section.fediverse');
  await expect(replies.getByRole('heading', { level: 2, name: '来自联邦宇宙的回复' })).toBeVisible();
  await expect(replies.getByText(text)).toBeVisible();
  await expect(replies.getByRole('link', { name: `Lin @lin@${instance}` })).toHaveAttribute('href', `https://${instance}/@lin`);
  await expect(replies).toContainText(`来自 ${instance}`);
  await expect(replies).toContainText(`在联邦宇宙获得 ${before.likes + 1} 次点赞、${before.announces + 1} 次转嘟`);
  await expect(replies).toContainText(/在 Mastodon 或任何联邦宇宙应用中关注 @\w+@[^ ]+，即可收到新的中文文章。/);
  // The English page of the same article: its own replies only, and none were approved.
  await reader.goto(`/en/posts/${article.en}`);
  await expect(reader.getByText(text)).toHaveCount(0);
  await expect(reader.getByRole('heading', { name: 'Replies from the fediverse' })).toHaveCount(0);

  await seed.undoReactions();
  await page.goto('/en/studio/fediverse/replies?state=approved');
  const approved = page.locator(`[data-reply="${reply.id}"]`);
  await approved.getByRole('button', { name: 'Hide' }).click();
  await expect(approved).toHaveCount(0);
  await reader.goto(`/zh/posts/${article.zh}`);
  await expect(reader.getByText(text)).toHaveCount(0);
  // No reply left to show: no heading over nothing; and with no like or boost either
  // (unless a run that failed half-way left some), no section at all.
  await expect(reader.getByRole('heading', { name: '来自联邦宇宙的回复' })).toHaveCount(0);
  if (before.likes + before.announces === 0) await expect(reader.locator('.fediverse')).toHaveCount(0);
  await reader.close();
});

test('the followers are counted per language, and a held request is accepted', async ({ browser, baseURL }, info) => {
  test.skip(info.project.name !== 'desktop', 'one run: a workflow (the layout is the axe test below)');
  const instance = seed.host('followers');
  await seed.follower('zh', 'mei', instance);
  await seed.follower('zh', 'tao', instance);
  await seed.follower('en', 'ada', instance);
  const request = await seed.follower('en', 'grace', instance, 'pending');
  const counts = await seed.counts();

  const page = await ownerPage(browser, baseURL!);
  await page.goto('/en/studio/fediverse?language=zh');
  await expect(page.locator('[data-figure=zh-accepted]')).toContainText(`Followers in Chinese${counts.zh.accepted.toLocaleString('en-GB')}`);
  await expect(page.locator('[data-figure=en-accepted] dd')).toHaveText(counts.en.accepted.toLocaleString('en-GB'));
  // Requests: the screens' test beside this one adds some while it runs; the figure is what
  // the database holds when the page is read.
  await expect(async () => {
    await page.reload();
    const now = await seed.counts();
    await expect(page.locator('[data-figure=en-pending] dd')).toHaveText(now.en.pending.toLocaleString('en-GB'), { timeout: 1000 });
  }).toPass();
  await expect(page.locator(`[data-follower="@mei@${instance}"]`)).toContainText(instance);

  await page.getByRole('link', { name: 'English', exact: true }).click();
  await expect(page).toHaveURL(/language=en&state=accepted/);
  await page.getByRole('link', { name: /^Follow requests/ }).click();
  await expect(page).toHaveURL(/language=en&state=pending/);
  const row = page.locator(`[data-follower="${request.handle}"]`);
  await row.getByRole('button', { name: 'Accept' }).click();
  // No longer waiting: it leaves the requests for the followers.
  await expect(row).toHaveCount(0);
  await page.goto('/en/studio/fediverse?language=en&state=accepted');
  await expect(page.locator(`[data-follower="${request.handle}"]`)).toBeVisible();
  await expect(page.locator('[data-figure=en-accepted] dd')).toHaveText((counts.en.accepted + 1).toLocaleString('en-GB'));
});

test('the settings show the addresses and refuse the same handle twice', async ({ browser, baseURL }, info) => {
  test.skip(info.project.name !== 'desktop', 'one run: a form (the layout is the axe test below)');
  const page = await ownerPage(browser, baseURL!);
  await page.goto('/zh/studio/fediverse/settings');
  const host = new URL(baseURL!).host;
  await expect(page.locator('[data-address=zh] code')).toHaveText(new RegExp(`^@[a-z0-9_]+@${host.replace('.', '\\.')}$`));
  await page.getByLabel('英文账号名').fill(await page.getByLabel('中文账号名').inputValue());
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('#fediverse-settings-enHandle-error')).toHaveText('两种语言的账号名不能相同。');
  await page.getByLabel('英文账号名').fill('Not Valid');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('#fediverse-settings-enHandle-error')).toHaveText('请用 1 到 30 个字符：小写字母 a–z、数字和下划线 _。');
});

for (const locale of ['zh', 'en'] as const) {
  test(`the Fediverse screens pass axe and fit the window in ${locale}`, { tag: '@both-widths' }, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const article = await seed.article(articleSlug);
    const instance = seed.host(`axe-${locale}`);
    await seed.follower(locale, 'wen', instance, 'pending');
    await seed.reply(article.id, locale, 'wen', instance, '<p>A reply with a long link: <a href="https://example.com/a/very/long/path/that/should/wrap/somewhere/on/a/phone" rel="nofollow noopener noreferrer">https://example.com/a/very/long/path/that/should/wrap/somewhere/on/a/phone</a></p>');
    const page = await ownerPage(browser, baseURL!);
    for (const path of ['', `?language=${locale}&state=pending`, '/replies', '/settings']) {
      await page.goto(`/${locale}/studio/fediverse${path}`);
      await expect(page.locator('main h1')).toBeVisible();
      await expectNoSeriousIssues(page, `/${locale}/studio/fediverse${path}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path}: nothing wider than the window`).toBeLessThanOrEqual(0);
    }
  });
}
