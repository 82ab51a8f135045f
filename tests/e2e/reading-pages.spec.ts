// What a reader sees of an article's pictures, video and notes, and of an author's page:
// images with their size and smaller copies (the first fetched first), a named video with
// its MP4 copy, footnote back-links underlined at 4.5:1 or more, and the author's picture.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { latestRevision, newDraft, ownerPage } from './helpers/studio';

const run = randomBytes(3).toString('hex');
const walk = { zh: '/zh/posts/yanzhe-suzhouhe-zou', en: '/en/posts/a-walk-along-suzhou-creek' };
/** Whether the server (started from this environment) finds an ffmpeg, as it looks for one. */
const ffmpeg = process.env.FFMPEG_PATH === 'none' ? null : (process.env.FFMPEG_PATH || 'ffmpeg');
const hasFfmpeg = ffmpeg !== null && spawnSync(ffmpeg, ['-version']).status === 0;
const poem = { zh: '/zh/posts/fanyi-jing-ye-si', en: '/en/posts/translating-quiet-night-thoughts' };

/** The contrast ratio of an element's text against the first background behind it that is not transparent. */
function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) =>
      [r!, g!, b!].map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    let node: Element | null = element;
    let background = [255, 255, 255];
    while (node) {
      const value = channels(getComputedStyle(node).backgroundColor);
      if (value.length === 3 || (value.length === 4 && value[3]! > 0)) {
        background = value.slice(0, 3);
        break;
      }
      node = node.parentElement;
    }
    const [light, dark] = [luminance(channels(getComputedStyle(element).color)), luminance(background)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });
}

test.describe('an article\'s images', () => {
  test('have their size and smaller copies, and the first is fetched first', async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const page = await ownerPage(browser, baseURL!);
    const origin = { origin: new URL(baseURL!).origin };
    const paths: string[] = [];
    for (const hue of [40, 200]) {
      const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } }).png().toBuffer();
      const uploaded = await page.request.post(`/api/v1/studio/media?name=${encodeURIComponent(`picture-${run}-${hue}.png`)}&kind=image`, { headers: origin, data: png });
      expect(uploaded.ok()).toBe(true);
      paths.push((await uploaded.json()).media.path as string);
    }
    const postId = await newDraft(page, `Pictures ${run}`);
    const slug = `pictures-${run}`;
    const body = `A first line.\n\n![A blue field](${paths[0]})\n\n${'Words between the pictures. '.repeat(80)}\n\n![A red field](${paths[1]})\n`;
    const before = await latestRevision(page, postId, 'en');
    const saved = await page.request.put(`/api/v1/studio/posts/${postId}/translations/en`, {
      headers: origin,
      data: { postId, locale: 'en', title: `Pictures ${run}`, slug, excerpt: '', body, expectedRevisionId: before.id, basedOnRevisionId: null },
    });
    expect(saved.status()).toBe(200);
    expect((await page.request.post(`/api/v1/studio/posts/${postId}/publication`, { headers: origin, data: { postId, locale: 'en', action: 'publish' } })).ok()).toBe(true);

    const reader = await (await browser.newContext({ baseURL })).newPage();
    await reader.goto(`/en/posts/${slug}`);
    const [first, second] = [reader.getByRole('img', { name: 'A blue field' }), reader.getByRole('img', { name: 'A red field' })];
    for (const image of [first, second]) {
      await expect(image).toHaveAttribute('width', '1600');
      await expect(image).toHaveAttribute('height', '900');
      await expect(image).toHaveAttribute('srcset', /\.w480\.webp 480w, .*\.w960\.webp 960w/);
      await expect(image).toHaveAttribute('sizes', '(min-width: 46rem) 42rem, calc(100vw - 2rem)');
    }
    // No cover above it: the first picture is the first screen's, the other waits its turn.
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).not.toHaveAttribute('loading', 'lazy');
    await expect(second).not.toHaveAttribute('fetchpriority', /.*/);
    await expect(second).toHaveAttribute('loading', 'lazy');
    await expect(reader.locator('img[fetchpriority="high"]')).toHaveCount(1);
  });

  test('a cover is the one image fetched first, at its column\'s size', async ({ page }) => {
    await page.goto(poem.en);
    await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
    await expect(page.locator('.post-cover img')).toHaveAttribute('fetchpriority', 'high');
    await expect(page.locator('.post-cover source[type="image/webp"]')).toHaveAttribute('sizes', '(min-width: 46rem) 42rem, calc(100vw - 2rem)');
  });

  test('on the home page, the leading card\'s cover is the one image fetched first', async ({ page }) => {
    for (const locale of ['zh', 'en']) {
      await page.goto(`/${locale}`);
      await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
      await expect(page.locator('.post-card--large .post-card__cover img')).toHaveAttribute('fetchpriority', 'high');
    }
  });
});

test.describe('the article\'s video', () => {
  for (const [locale, name] of [['en', 'Video: A Walk Along Suzhou Creek'], ['zh', '视频：沿着苏州河走']] as const) {
    test(`is named after the article, offers an MP4 copy and shows the cover once (${locale})`, async ({ page, request }) => {
      await page.goto(walk[locale]);
      const video = page.locator('.post-video video');
      await expect(video).toHaveAccessibleName(name);
      const sources = await video.locator('source').evaluateAll((els) => els.map((s) => ({ type: s.getAttribute('type'), src: s.getAttribute('src') })));
      expect(sources.map((s) => s.type)).toEqual(['video/webm', 'video/mp4']);
      const mp4 = await request.get(sources[1]!.src!, { headers: { range: 'bytes=0-99' } });
      expect(mp4.status()).toBe(206);
      expect(mp4.headers()['content-type']).toBe('video/mp4');
      // The poster is the video's still; no cover above it repeats the picture.
      await expect(video).toHaveAttribute('poster', /^\/images\/city-walk-shanghai-poster\./);
      await expect(page.locator('.post-cover')).toHaveCount(0);
    });
  }
});

test.describe('a video upload', () => {
  test('gets its MP4 copy in the background when the machine has ffmpeg', async ({ browser, baseURL }) => {
    // CI installs ffmpeg (.ci/run): there a missing one is a failure, not a skip.
    if (process.env.CI === 'true') expect(hasFfmpeg, 'ffmpeg is missing in CI').toBe(true);
    test.skip(!hasFfmpeg, 'no ffmpeg on this machine: videos are served as uploaded (README, FFMPEG_PATH)');
    test.setTimeout(120_000);
    const page = await ownerPage(browser, baseURL!);
    // The demo's video with a few bytes of its own, so the library holds it as a new file.
    const webm = Buffer.concat([readFileSync('demo/media/videos/city-walk-shanghai.webm'), randomBytes(16)]);
    const uploaded = await page.request.post(`/api/v1/studio/media?name=walk-${run}.webm&kind=video`, { headers: { origin: new URL(baseURL!).origin }, data: webm });
    expect(uploaded.status()).toBe(201);
    const { id } = (await uploaded.json()).media as { id: number };
    const mp4Of = async () => {
      const { media } = (await (await page.request.get('/api/v1/studio/media')).json()) as { media: Array<{ id: number; width: number | null; variants?: Array<{ format: string; path: string }> }> };
      const video = media.find((m) => m.id === id);
      return { width: video?.width, path: video?.variants?.find((v) => v.format === 'mp4')?.path };
    };
    await expect.poll(mp4Of, { timeout: 90_000 }).toEqual({ width: 640, path: expect.stringMatching(/^\/videos\/walk-[\w-]+\.[0-9a-f]{12}\.h264\.mp4$/) });
    const served = await page.request.get((await mp4Of()).path!, { headers: { range: 'bytes=0-99' } });
    expect(served.headers()['content-type']).toBe('video/mp4');
  });
});

test.describe('footnote back-links', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`are underlined and read at 4.5:1 or more (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      for (const path of [poem.en, poem.zh]) {
        await page.goto(path);
        const backLinks = page.locator('.prose [data-footnote-backref]');
        expect(await backLinks.count()).toBeGreaterThan(0);
        const first = backLinks.first();
        await expect(first).toHaveCSS('text-decoration-line', 'underline');
        expect(await contrastOf(first)).toBeGreaterThanOrEqual(4.5);
        // Drawn as text, not as a colour emoji that would ignore both.
        expect(await first.textContent()).toBe('\u21A9\uFE0E');
      }
    });
  }
});

async function avatarAndHeading(page: Page) {
  const avatar = page.locator('.author-header .author-avatar');
  await expect(avatar).toBeVisible();
  const [avatarBox, headingBox, listBox] = await Promise.all([avatar.boundingBox(), page.locator('h1').boundingBox(), page.locator('.section-title').boundingBox()]);
  return { avatar, avatarBox: avatarBox!, headingBox: headingBox!, listBox: listBox! };
}

test.describe('an author\'s page', () => {
  for (const [locale, initials] of [['zh', '林'], ['en', 'LY']] as const) {
    test(`shows the author's initials beside a heading on the page's grid (${locale})`, { tag: '@both-widths' }, async ({ page }) => {
      await page.goto(`/${locale}/authors/lin-yue`);
      const { avatar, avatarBox, headingBox, listBox } = await avatarAndHeading(page);
      await expect(avatar).toHaveText(initials);
      await expect(avatar).toHaveAttribute('aria-hidden', 'true');
      // The picture starts where the list of articles starts; the name sits beside it, centred on it.
      expect(Math.abs(avatarBox.x - listBox.x)).toBeLessThanOrEqual(1);
      expect(headingBox.x).toBeGreaterThan(avatarBox.x + avatarBox.width);
      expect(Math.abs(headingBox.y + headingBox.height / 2 - (avatarBox.y + avatarBox.height / 2))).toBeLessThanOrEqual(headingBox.height / 2);
    });
  }
});
