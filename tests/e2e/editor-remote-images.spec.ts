// Images from other sites in the editor (issue #23, item 3), in both Studio languages (at
// desktop width: markers and copies do not change with the window): a paste shaped like Google Docs' brings images that live on
// another site (a server this spec runs on 127.0.0.1, which the suite's server may fetch
// from by DUET_TEST_FETCH_ADDRESSES); the one that is an image is copied into the media
// library with the upload's progress mark and its address becomes the library's (one undo
// step); one that is a web page, and one on an address the server refuses, keep a marker
// with the reason in the writer's language. A remote image typed by hand is uploaded from
// its marker, a refused one removed from its marker, and the reader's page shows the
// library's copies.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { caretIn, mod, openEditor, paste } from './helpers/editor';
import { latestRevision, newDraft, ownerPage } from './helpers/studio';

const run = randomBytes(3).toString('hex');

test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36' });

const words = {
  en: {
    marker: 'Image on another site: readers will not see it until it is in the media library.',
    notImage: 'Could not copy it: it is not an image Duet accepts (JPEG, PNG, GIF, WebP or AVIF).',
    inside: 'Could not copy it: its address is on a private network or on this server, which the server does not fetch from.',
    upload: 'Upload to library',
    remove: 'Remove',
  },
  zh: {
    marker: '图片在其他网站上：存入媒体库之前，读者看不到它。',
    notImage: '无法复制：它不是 Duet 接受的图片格式（JPEG、PNG、GIF、WebP 或 AVIF）。',
    inside: '无法复制：它的地址在内部网络或本服务器上，服务器不会从那里获取。',
    upload: '上传到媒体库',
    remove: '移除',
  },
} as const;

let server: Server;
let site = '';
let port = 0;
/** Requests for the held image wait here until the test lets them through. */
let release: () => void = () => undefined;
let held = Promise.resolve();

test.beforeAll(async () => {
  const leaves = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#2a6b4f' } }).png().toBuffer();
  const leaf = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#9bb86b' } }).jpeg().toBuffer();
  server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path?.startsWith('/docsz/AD_4nX')) return void held.then(() => response.writeHead(200, { 'content-type': 'image/png' }).end(leaves));
    if (path === '/docsz/page.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><title>Sign in</title><p>Sign in to see this image.');
    if (path?.startsWith('/typed/')) return void response.writeHead(200, { 'content-type': 'image/jpeg' }).end(leaf);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  site = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  release();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** HTML in the shape Google Docs puts on the clipboard for a paragraph and its images. */
function googleDocsHtml(text: string, images: string[]): string {
  const span = 'font-size:11pt;font-family:Arial;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;';
  const p = (inner: string) => `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;">${inner}</p>`;
  const image = (src: string) =>
    p(`<span style="${span}"><span style="border:none;display:inline-block;overflow:hidden;width:602px;height:339px;"><img src="${src}" width="602" height="339" style="margin-left:0px;margin-top:0px;" /></span></span>`);
  return `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5d0c0a4e-7fff-1a2b-8c3d-${run}a1b2c3">${p(`<span style="${span}">${text}</span>`)}<br />${images.map(image).join('<br />')}</b>`;
}

for (const ui of ['en', 'zh'] as const) {
  test(`${ui}: images pasted from a document are copied into the library; the ones that cannot be are marked with the reason`, async ({ browser, baseURL }, info) => {
    test.setTimeout(120_000);
    const w = words[ui];
    held = new Promise((resolve) => (release = resolve));
    const page = await ownerPage(browser, baseURL!);
    const postId = await newDraft(page, `Remote images ${run}-${ui}-${info.project.name}`, ui);
    await openEditor(page, ui, postId);
    const body = page.locator(`#${ui}-body`);
    const fromDocs = `${site}/docsz/AD_4nXtea-${ui}-${info.project.name}.png?key=${run}`;
    const notImage = `${site}/docsz/page.png`;
    const inside = `http://127.0.0.2:${port}/docsz/AD_4nXinside.png`;
    await body.click();
    await paste(body, { 'text/html': googleDocsHtml('Tea leaves, as the document shows them:', [fromDocs, notImage, inside]), 'text/plain': 'Tea leaves, as the document shows them:' });

    // The document's image is on its way: the upload's progress mark where it sits.
    await expect(body.locator('.cm-md-upload progress')).toBeVisible();
    release();
    await expect(body.locator('.cm-md-upload')).toHaveCount(0, { timeout: 30_000 });

    const markers = body.locator('.cm-md-remote');
    await expect(markers).toHaveCount(2);
    await expect(markers.nth(0).locator('.cm-md-remote-text')).toHaveText(w.marker);
    await expect(markers.nth(0).locator('.cm-md-remote-reason')).toHaveText(w.notImage);
    await expect(markers.nth(1).locator('.cm-md-remote-reason')).toHaveText(w.inside);

    let saved = '';
    await expect(async () => {
      saved = (await latestRevision(page, postId, ui)).body;
      expect(saved).toMatch(/^Tea leaves, as the document shows them:\n\n!\[\]\(\/images\/[\w.-]+\.png\)/);
    }).toPass({ timeout: 20_000 });
    expect(saved).not.toContain(fromDocs);
    expect(saved).toContain(`![](${notImage})`);
    const copied = /\/images\/[\w.-]+\.png/.exec(saved)![0];

    // Copying is one step of undo: back to the other site's address, and forward again.
    await body.press(`${mod}+End`);
    await page.keyboard.press(`${mod}+z`);
    await expect.poll(async () => (await caretIn(body)).doc).toContain(fromDocs);
    await page.keyboard.press(`${mod}+Shift+Z`);
    await expect.poll(async () => (await caretIn(body)).doc).toContain(copied);

    // An image on another site typed by hand: marked, and uploaded from its marker.
    await body.press(`${mod}+End`);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type(`![A green leaf](${site}/typed/leaf-${ui}-${info.project.name}.jpg)`);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('The end.');
    const typed = markers.filter({ hasText: 'A green leaf' });
    await expect(typed.locator('.cm-md-remote-text')).toHaveText(w.marker);
    await typed.getByRole('button', { name: w.upload }).click();
    await expect(typed).toHaveCount(0, { timeout: 30_000 });

    // The refused one is removed from its marker.
    await markers.filter({ hasText: '127.0.0.2' }).getByRole('button', { name: w.remove }).click();
    await expect(markers).toHaveCount(1);

    await expect(async () => {
      saved = (await latestRevision(page, postId, ui)).body;
      expect(saved).toMatch(/!\[A green leaf\]\(\/images\/[\w.-]+\.jpg\)/);
      expect(saved).not.toContain('127.0.0.2');
    }).toPass({ timeout: 20_000 });

    // The reader's page shows both copies from the library.
    const preview = await page.context().newPage();
    await preview.goto(`/${ui}/studio/posts/${postId}/preview`);
    const library = preview.locator('.prose img[src^="/images/"]');
    await expect(library).toHaveCount(2);
    for (const image of await library.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }
  });
}
