// The site is the owner's: a name and an accent set in the Studio's Settings reach the
// header, the home headline, every tab title, the footer, the feeds, the manifest and
// Open Graph, in both languages, at desktop and phone widths, light and dark; an accent
// that would be hard to read is refused beside its field; the podcast artwork (Duet's own,
// then one made from an uploaded icon) is at least 1400 px square, RGB without alpha; a
// logo for dark mode is what readers in dark mode get.
// Runs once, after the other specs (the site-wide project of playwright.config.ts; alone:
// `npx playwright test tests/e2e/site-identity.spec.ts --no-deps`), and puts the settings
// back as it found them.
import { randomBytes } from 'node:crypto';
import { devices, expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import { deriveDarkAccent } from '../../src/core/site/accent-colour';
import { ownerPage } from './helpers/studio';

const locales = ['zh', 'en'] as const;
type Locale = (typeof locales)[number];

const viewports = {
  desktop: { viewport: { width: 1280, height: 900 } },
  mobile: { ...devices['Pixel 5'], viewport: { width: 375, height: 740 } },
};

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });

// One after the other: each changes what every page's header shows.
test.describe.configure({ mode: 'serial' });

interface Saved {
  names: Record<Locale, string>;
  accent: string;
  icon: string;
}

function section(page: Page, locale: Locale): Locator {
  return page.locator(`section[aria-labelledby=settings-${locale}]`);
}

const look = (page: Page) => page.locator('section[aria-labelledby=settings-look]');

/** Saves one form and waits for this save's answer (an earlier "Saved." may still show). */
async function save(form: Locator) {
  const answered = form.page().waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/studio/settings'));
  await form.getByRole('button', { name: 'Save' }).click();
  await answered;
  await expect(form.getByText('Saved.')).toBeVisible();
}

async function rename(page: Page, names: Record<Locale, string>) {
  for (const locale of locales) {
    await section(page, locale).getByLabel('Site name').fill(names[locale]);
    await save(section(page, locale));
  }
}

async function readSettings(page: Page): Promise<Saved> {
  await page.goto('/en/studio/settings');
  const names = { zh: await section(page, 'zh').getByLabel('Site name').inputValue(), en: await section(page, 'en').getByLabel('Site name').inputValue() };
  const accent = await look(page).getByLabel('Accent colour').inputValue();
  const icon = await look(page).getByRole('radiogroup', { name: 'Icon' }).locator('input:checked').inputValue();
  return { names, accent, icon };
}

async function restore(page: Page, saved: Saved) {
  await page.goto('/en/studio/settings');
  await rename(page, saved.names);
  await look(page).getByLabel('Accent colour').fill(saved.accent);
  await look(page).getByRole('radiogroup', { name: 'Icon' }).locator(`input[value="${saved.icon}"]`).check();
  await save(look(page));
}

/** The podcast's artwork: where the feed points, and what it is. */
async function podcastArtwork(request: APIRequestContext, locale: Locale) {
  const { rss } = parser.parse(await (await request.get(`/${locale}/podcast.xml`)).text());
  const url: string = rss.channel['itunes:image']['@href'];
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  return { url, type: res.headers()['content-type'], meta: await sharp(await res.body()).metadata() };
}

function expectPodcastReady(artwork: Awaited<ReturnType<typeof podcastArtwork>>) {
  expect(artwork.meta.width).toBeGreaterThanOrEqual(1400);
  expect(artwork.meta.width).toBeLessThanOrEqual(3000);
  expect(artwork.meta.height).toBe(artwork.meta.width);
  expect(artwork.meta.channels).toBe(3);
  expect(artwork.meta.hasAlpha).toBe(false);
  expect(['image/jpeg', 'image/png']).toContain(artwork.type);
}

test('the owner’s name and accent are what readers, feeds and apps see; the podcast artwork follows the icon', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const tag = randomBytes(3).toString('hex');
  const page = await ownerPage(browser, baseURL!);
  const saved = await readSettings(page);
  const names = { zh: `墨与光 ${tag}`, en: `Ink and Light ${tag}` };
  try {
    // Duet's own artwork before any icon is chosen.
    if (saved.icon === '') expectPodcastReady(await podcastArtwork(page.request, 'en'));

    await rename(page, names);
    const accent = look(page).getByLabel('Accent colour');
    await accent.fill('#f5c400');
    await look(page).getByRole('button', { name: 'Save' }).click();
    await expect(accent).toHaveAttribute('aria-invalid', 'true');
    await expect(look(page).getByText(/^Has a contrast of 1\.\d\d:1 on the light paper/)).toBeVisible();
    await accent.fill('#1d4ed8');
    await save(look(page));

    const accentOf = (p: Page) => p.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
    for (const [width, device] of Object.entries(viewports)) {
      const reader = await browser.newContext({ ...device, baseURL, colorScheme: 'light' });
      const night = await browser.newContext({ ...device, baseURL, colorScheme: 'dark' });
      for (const locale of locales) {
        const name = names[locale];
        const home = await reader.newPage();
        await home.goto(`/${locale}`);
        await expect(home.locator('.site-header__brand'), width).toHaveText(name);
        await expect(home.getByRole('heading', { level: 1 })).toHaveText(name);
        await expect(home).toHaveTitle(name);
        await expect(home.locator('footer')).toContainText(name);
        await expect(home.locator('meta[property="og:site_name"]')).toHaveAttribute('content', name);
        await expect(home.locator('meta[name="application-name"]')).toHaveAttribute('content', name);
        expect(await accentOf(home)).toBe('#1d4ed8');
        await home.goto(`/${locale}/archive`);
        await expect(home).toHaveTitle(new RegExp(` · ${name}$`));
        const dark = await night.newPage();
        await dark.goto(`/${locale}/archive`);
        expect(await accentOf(dark)).toBe(deriveDarkAccent('#1d4ed8'));
      }
      await Promise.all([reader.close(), night.close()]);
    }
    for (const locale of locales) {
      const name = names[locale];
      const { rss } = parser.parse(await (await page.request.get(`/${locale}/feed.xml`)).text());
      expect(rss.channel.title).toBe(name);
      const podcast = parser.parse(await (await page.request.get(`/${locale}/podcast.xml`)).text());
      expect(podcast.rss.channel.title).toContain(name);
      expect(podcast.rss.channel['itunes:author']).toBe(name);
      expect((await (await page.request.get(`/${locale}/feed.json`)).json()).title).toBe(name);
    }
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: names.zh, short_name: names.zh, theme_color: '#1d4ed8' });

    // An icon with transparency, uploaded from the Settings page and chosen there.
    const iconFile = `icon-${tag}.png`;
    const pixels = await sharp({ create: { width: 640, height: 640, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from('<svg width="640" height="640"><circle cx="320" cy="320" r="300" fill="#1d4ed8"/></svg>') }])
      .png()
      .toBuffer();
    await look(page).locator('input[type=file]').setInputFiles({ name: iconFile, mimeType: 'image/png', buffer: pixels });
    await expect(look(page).getByText(`Uploaded ${iconFile}`)).toBeVisible({ timeout: 20_000 });
    const choice = look(page).getByRole('radiogroup', { name: 'Icon' }).getByRole('radio', { name: new RegExp(`icon-${tag}.*640×640`) });
    await choice.check();
    await save(look(page));

    for (const locale of locales) {
      const artwork = await podcastArtwork(page.request, locale);
      expect(artwork.url).toMatch(/\/images\/site-artwork\.[0-9a-f]{12}\.w3000\.jpg$/);
      expectPodcastReady(artwork);
    }
    const icons = (await (await page.request.get('/manifest.webmanifest')).json()).icons as Array<{ src: string; sizes: string }>;
    for (const icon of icons) {
      expect(icon.src).toMatch(/^\/images\/site-icon/);
      const meta = await sharp(await (await page.request.get(icon.src)).body()).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    const home = await (await browser.newContext({ baseURL })).newPage();
    await home.goto('/en');
    await expect(home.locator('link[rel=icon]').first()).toHaveAttribute('href', /^\/images\/site-icon\.[0-9a-f]{12}\.w32\.png$/);
    await expect(home.locator('link[rel=apple-touch-icon]')).toHaveAttribute('href', /^\/images\/site-icon-apple\.[0-9a-f]{12}\.w180\.png$/);
  } finally {
    await restore(page, saved);
  }
});

test('a logo for dark mode is what readers in dark mode see, the logo what the others see', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const page = await ownerPage(browser, baseURL!);
  await page.goto('/en/studio/settings');
  const logo = look(page).getByRole('radiogroup', { name: 'Logo', exact: true });
  const darkLogo = look(page).getByRole('radiogroup', { name: 'Logo for dark mode' });
  const before = { logo: await logo.locator('input:checked').inputValue(), dark: await darkLogo.locator('input:checked').inputValue() };
  const drawn = (ink: string) =>
    sharp({ create: { width: 480, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from(`<svg width="480" height="120"><rect x="10" y="20" width="460" height="80" rx="12" fill="${ink}"/></svg>`) }])
      .png()
      .toBuffer();
  try {
    for (const [name, ink] of [[`logo-light-${tag}.png`, '#1d2433'], [`logo-dark-${tag}.png`, '#ebe6dc']] as const) {
      await look(page).locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: await drawn(ink) });
      await expect(look(page).getByText(`Uploaded ${name}`)).toBeVisible({ timeout: 20_000 });
    }
    await logo.getByRole('radio', { name: new RegExp(`logo-light-${tag}`) }).check();
    await darkLogo.getByRole('radio', { name: new RegExp(`logo-dark-${tag}`) }).check();
    await save(look(page));

    const shown = async (colorScheme: 'light' | 'dark', device: (typeof viewports)[keyof typeof viewports], locale: Locale) => {
      const context = await browser.newContext({ ...device, baseURL, colorScheme });
      const reader = await context.newPage();
      await reader.goto(`/${locale}`);
      const image = reader.locator('.site-header__logo img');
      await expect(image).toHaveAttribute('alt', /.+/);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const src = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
      await context.close();
      return src;
    };
    for (const device of Object.values(viewports)) {
      for (const locale of locales) {
        expect(await shown('light', device, locale)).toContain(`logo-light-${tag}`);
        expect(await shown('dark', device, locale)).toContain(`logo-dark-${tag}`);
      }
    }
  } finally {
    await page.goto('/en/studio/settings');
    await logo.locator(`input[value="${before.logo}"]`).check();
    await darkLogo.locator(`input[value="${before.dark}"]`).check();
    await save(look(page));
  }
});
