// Copying an image from another site into the media library (POST
// /api/v1/studio/media/remote) on both databases, against a real HTTP server on 127.0.0.1
// that the test allows by DUET_TEST_FETCH_ADDRESSES, as the browser suite does: the image
// lands in the library as an upload would; an address on a private network or this machine
// (not allowed), a redirect to one, a page that is not an image, a file over the image
// limit (declared or streamed), an error answer and a site that never answers are each
// refused with their reason, and nothing of them is kept.
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { createAccount, signIn } from '@/server/auth/accounts';
import * as remoteRoute from '@/app/api/v1/studio/media/remote/route';
import { importRemoteImage } from '@/server/media/import-remote-image';
import { unique } from './helpers/factories';
import { forgetGlobalDatabase, useAsGlobalDatabase } from './helpers/global-database';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const origin = 'http://localhost';
const password = 'a long enough password';
const MB = 1024 * 1024;

let server: Server;
let base = '';
/** How many bytes the server managed to send of the endless image. */
let endlessSent = 0;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#2a6b4f' } }).png().toBuffer();
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/tea.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (path === '/moved') return void response.writeHead(302, { location: '/tea.png' }).end();
    if (path === '/inside') return void response.writeHead(302, { location: 'http://192.168.1.20/tea.png' }).end();
    if (path === '/metadata') return void response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (path === '/loop') return void response.writeHead(302, { location: '/loop' }).end();
    if (path === '/page.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><html><body>Not an image</body></html>');
    if (path === '/declared-huge.png') return void response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(25 * MB) }).end();
    if (path === '/endless.png') {
      // A PNG's first bytes, then zeros without end and without a length.
      response.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(256 * 1024);
      let sent = 0;
      const pump = () => {
        for (;;) {
          const more = response.write(sent === 0 ? Buffer.concat([png.subarray(0, 64), chunk]) : chunk);
          sent += chunk.length;
          endlessSent = sent;
          if (sent > 200 * MB) return void response.end();
          if (!more) return void response.once('drain', pump);
        }
      };
      response.on('error', () => undefined);
      return void pump();
    }
    if (path === '/hangs.png') return; // never answers
    response.writeHead(404).end('gone');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.DUET_TEST_FETCH_ADDRESSES = '127.0.0.1';
});

afterAll(async () => {
  delete process.env.DUET_TEST_FETCH_ADDRESSES;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

for (const target of testTargets) {
  describe.skipIf(target.skip)(`copying a remote image into the library (${target.name})`, () => {
    let t: TestDatabase;
    let cookie = '';
    let authorId = '';

    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      useAsGlobalDatabase(t.db);
      process.env.DATA_DIR = t.dataDir;
      const email = `${unique('author')}@example.com`;
      authorId = (await createAccount(t.db, { name: 'Author', email, password, role: 'author' })).id;
      const session = await signIn(t.db, { email, password }, { headers: new Headers({ 'user-agent': 'vitest' }), address: '10.2.0.1' });
      cookie = /duet\.session_token=[^;]+/.exec(session.headers.get('set-cookie') ?? '')![0];
    }, 60_000);
    afterAll(async () => {
      forgetGlobalDatabase();
      await t?.close();
    });

    async function copy(url: unknown, headers: Record<string, string> = { cookie, origin }) {
      const request = new Request(`${origin}/api/v1/studio/media/remote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'localhost', ...headers },
        body: JSON.stringify({ url }),
      });
      const response = await remoteRoute.POST(request, { params: Promise.resolve({}) });
      return { status: response.status, body: await response.json() };
    }

    const mediaRows = () => t.db.selectFrom('media').select(['path', 'uploaded_by', 'width', 'height']).execute();
    const storedImages = () => readdirSync(join(t.dataDir, 'media', 'images'), { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);

    it('copies an image into the library and answers as an upload does, after a redirect checked again', async () => {
      const first = await copy(`${base}/tea.png`);
      expect(first.status).toBe(201);
      expect(first.body.media).toMatchObject({ kind: 'image', width: 640, height: 360 });
      expect(first.body.media.path).toMatch(/^\/images\/tea\.[0-9a-f]{12}\.png$/);
      expect(first.body.variants.length).toBeGreaterThan(0);
      const again = await copy(`${base}/moved`);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ reused: true, media: { path: first.body.media.path } });
      expect(await mediaRows()).toEqual([{ path: first.body.media.path, uploaded_by: authorId, width: 640, height: 360 }]);
    });

    it('refuses addresses inside: this machine beyond the test’s one address, private networks, link-local, also after a redirect', async () => {
      const port = new URL(base).port;
      const refusals = [
        [`http://127.0.0.2:${port}/tea.png`, 'private-address'],
        [`http://[::1]:${port}/tea.png`, 'private-address'],
        ['http://10.0.0.8/tea.png', 'private-address'],
        ['http://169.254.169.254/latest/meta-data/', 'forbidden-address'],
        [`${base}/inside`, 'private-address'],
        [`${base}/metadata`, 'forbidden-address'],
        [`${base}/loop`, 'redirect'],
      ] as const;
      for (const [url, reason] of refusals) {
        const answer = await copy(url);
        expect({ url, status: answer.status, reason: answer.body.error?.reason }).toEqual({ url, status: 400, reason });
        expect(answer.body.error.fields.url[0]).toBeTruthy();
      }
    });

    it('refuses what is not an image, an error answer, and files over the image limit without reading them whole', async () => {
      const before = storedImages();
      expect((await copy(`${base}/page.png`)).body.error).toMatchObject({ reason: 'html' });
      expect((await copy(`${base}/missing.png`)).body.error).toMatchObject({ reason: 'http-status', message: expect.stringContaining('404') });
      const declared = await copy(`${base}/declared-huge.png`);
      expect({ status: declared.status, reason: declared.body.error.reason }).toEqual({ status: 413, reason: 'too-large' });
      const endless = await copy(`${base}/endless.png`);
      expect({ status: endless.status, reason: endless.body.error.reason }).toEqual({ status: 413, reason: 'too-large' });
      // Cut off at the 20 MB limit, not read to the end (socket buffers add a few MB at most).
      expect(endlessSent).toBeLessThan(60 * MB);
      expect(storedImages()).toEqual(before);
      expect((await mediaRows()).length).toBe(1);
    });

    it('gives up on a site that never answers', async () => {
      await expect(importRemoteImage({ url: `${base}/hangs.png`, uploader: { id: authorId, role: 'author' }, timeoutMs: 1_000 })).rejects.toMatchObject({ reason: 'timeout' });
    });

    it('takes only http(s) addresses, from a signed-in writer on this site', async () => {
      const notWeb = await copy('file:///etc/passwd');
      expect(notWeb.status).toBe(400);
      expect(Object.keys(notWeb.body.error.fields)).toEqual(['url']);
      expect((await copy(`${base}/tea.png`, { origin })).status).toBe(401);
      expect((await copy(`${base}/tea.png`, { cookie, origin: 'https://elsewhere.example' })).status).toBe(403);
    });
  });
}

describe('without the test allowance', () => {
  it('refuses this machine', async () => {
    const saved = process.env.DUET_TEST_FETCH_ADDRESSES;
    delete process.env.DUET_TEST_FETCH_ADDRESSES;
    try {
      await expect(importRemoteImage({ url: `${base}/tea.png`, uploader: { id: 'nobody', role: 'author' } })).rejects.toMatchObject({ reason: 'private-address', status: 400 });
    } finally {
      process.env.DUET_TEST_FETCH_ADDRESSES = saved;
    }
  });
});
