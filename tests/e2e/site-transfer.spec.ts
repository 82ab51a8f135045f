// Import, export and backup from the Studio, in a real browser against the production
// build: the owner uploads a WordPress (Polylang) export, reads the preview (what will be
// created, paired and published) before anything is written, imports it with progress and
// then reads the pair on the site; the same file again creates nothing; a malformed file is
// refused with the line at fault; an export and a backup come back as downloads. At desktop
// width only (untagged): one site job runs at a time, and the suite has one server.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInAsOwner } from './helpers/studio';

const run = randomBytes(3).toString('hex');

/**
 * The hand-made Polylang fixture, made unique to this run so reruns on one database import
 * anew, and dated this year: the browser suite shares one site, whose archive other specs
 * expect to span the demo's years only.
 */
function polylangExport(): Buffer {
  const xml = readFileSync('tests/fixtures/import/wxr/polylang-zh-en.xml', 'utf8')
    .replaceAll('2024-03-0', '2026-03-0')
    .replaceAll('blog.example.com', `blog-${run}.example.com`)
    .replace('<wp:post_name><![CDATA[hello]]>', `<wp:post_name><![CDATA[hello-${run}]]>`)
    .replace('<wp:post_name><![CDATA[%e4%bd%a0%e5%a5%bd]]>', `<wp:post_name><![CDATA[ni-hao-${run}]]>`)
    .replace('<wp:post_name><![CDATA[nei-bu]]>', `<wp:post_name><![CDATA[nei-bu-${run}]]>`)
    .replaceAll('<title><![CDATA[Hello, world]]>', `<title><![CDATA[Hello, world ${run}]]>`)
    .replace('<title><![CDATA[草稿]]>', `<title><![CDATA[草稿 ${run}]]>`);
  return Buffer.from(xml);
}

async function preview(page: Page, name: string, buffer: Buffer) {
  await page.goto('/en/studio/site');
  await page.getByLabel('File to import').setInputFiles({ name, mimeType: 'application/xml', buffer });
  await page.getByRole('button', { name: 'Upload and preview' }).click();
}

test.describe('moving a site in and out from the Studio', () => {
  test.describe.configure({ mode: 'serial' });

  test('an import is previewed, then imported with its statuses, and reads on the site', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsOwner(page);
    await preview(page, `polylang-${run}.xml`, polylangExport());
    await expect(page.getByRole('heading', { name: 'What this import will do' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/a WordPress export/)).toBeVisible();
    // Nothing is written by the preview: the English text is not on the site yet.
    expect((await page.request.get(`/en/posts/hello-${run}`)).status()).toBe(404);
    await expect(page.getByText(/texts? (is|are) published in the source/)).toBeVisible();
    await page.getByText(/^Worth knowing/).scrollIntoViewIfNeeded();
    await expect(page.getByText('In a language other than Chinese or English, left out')).toBeVisible();

    const confirm = page.getByRole('button', { name: /^Import \d+ posts?$/ });
    const count = Number((await confirm.textContent())!.match(/\d+/)![0]);
    await confirm.click();
    await expect(page.getByText(new RegExp(`^Imported ${count} posts?\\.`))).toBeVisible({ timeout: 60_000 });

    // The published pair reads on the site, in both languages, linked.
    const english = await page.request.get(`/en/posts/hello-${run}`);
    expect(english.status()).toBe(200);
    expect(await english.text()).toContain(`Hello, world ${run}`);
    await page.goto(`/zh/posts/ni-hao-${run}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('你好，世界');
    // …and side by side in the parallel view, each column in its own language.
    await page.goto(`/en/posts/hello-${run}/parallel`);
    await expect(page.locator('.parallel__titles [lang="zh"]')).toHaveText('你好，世界');
    await expect(page.locator('.parallel__titles [lang="en"]')).toHaveText(`Hello, world ${run}`);
    await expect(page.locator('.parallel__cell.prose[lang="zh"]').first()).toContainText(/\p{Script=Han}/u);
    await expect(page.locator('.parallel__cell.prose[lang="en"]').first()).toContainText(/[a-z]{3}/);
    // The draft stayed a draft.
    await page.goto('/en/studio?status=draft');
    await expect(page.getByText(`草稿 ${run}`)).toBeVisible();
  });

  test('the same file again creates nothing, and a malformed one is refused with its line', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsOwner(page);
    await preview(page, `polylang-${run}.xml`, polylangExport());
    await expect(page.getByText('Everything in this file is already here.')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: /^Import \d+/ })).toHaveCount(0);

    const broken = polylangExport().toString().replace('</channel>', '<item><title>cut off');
    await page.getByRole('button', { name: 'Choose another file' }).click();
    await page.getByLabel('File to import').setInputFiles({ name: 'broken.xml', mimeType: 'application/xml', buffer: Buffer.from(broken) });
    await page.getByRole('button', { name: 'Upload and preview' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The file could not be read' });
    await expect(alert).toBeVisible({ timeout: 60_000 });
    await expect(alert).toContainText(/line \d+/);

    // A file of another kind is refused before a byte is read into a job.
    await page.getByRole('button', { name: 'Choose another file' }).click();
    await page.getByLabel('File to import').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('button', { name: 'Upload and preview' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Choose a Ghost export (.json or .zip) or a WordPress file (.xml).' })).toBeVisible();
  });

  test('an export and a backup are made with progress and downloaded, named and listed on the site’s clock', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsOwner(page);
    await page.goto('/en/studio/settings');
    const zone = await page.locator('select[name=timeZone]').inputValue();
    /** A minute on the site's clock, as an archive's name writes it: 20261222-0850. */
    const clock = (offsetMinutes: number) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
          .formatToParts(new Date(Date.now() + offsetMinutes * 60_000))
          .map((p) => [p.type, p.value]),
      );
      return { stamp: `${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}` };
    };
    const started = clock(0);
    await page.goto('/en/studio/site');
    for (const [button, name] of [['Export the site', /^Download duet-export-[\d-]+\.zip/], ['Back up the site', /^Download duet-backup-[\d-]+\.zip/]] as const) {
      await page.getByRole('button', { name: button }).click();
      const link = page.getByRole('status').getByRole('link', { name });
      await expect(link).toBeVisible({ timeout: 90_000 });
      const stamp = /(\d{8}-\d{4})\.zip/.exec((await link.textContent())!)![1];
      // Named for a minute from the click to now on the site's clock (the job may take over a
      // minute on a busy machine; stamps sort as text).
      const now = clock(0).stamp;
      expect(stamp! >= started.stamp && stamp! <= now, `${stamp} from ${started.stamp} to ${now}`).toBe(true);
      // The list of recent jobs says the same time as the name.
      const listed = page.locator('section[aria-labelledby=recent-title] li', { hasText: stamp! }).first().locator('time');
      const [hour, minute] = [Number(stamp!.slice(9, 11)), stamp!.slice(11, 13)];
      await expect(listed).toContainText(new RegExp(`\\b${hour % 12 || 12}:${minute}\\s*${hour < 12 ? 'AM' : 'PM'}`));
      const response = await page.request.get((await link.getAttribute('href'))!);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="duet-(export|backup)-/);
      expect((await response.body()).subarray(0, 2).toString()).toBe('PK');
    }
  });

  test('the page speaks Chinese, and only the owner may use it', async ({ page, playwright, baseURL }) => {
    await signInAsOwner(page);
    await page.goto('/zh/studio/site');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('导入与导出');
    await expect(page.getByRole('button', { name: '上传并预览' })).toBeVisible();
    const stranger = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    expect((await stranger.post('/api/v1/studio/site-jobs', { data: { kind: 'backup' } })).status()).toBe(401);
    expect((await stranger.get('/api/v1/studio/site-jobs')).status()).toBe(401);
  });
});
