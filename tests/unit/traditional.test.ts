// The Traditional-script layers of the server entry, served in-process in front of a small
// app: `/zh/hant/…` asks the app for `/zh/…` uncompressed and sends its conversion with its
// own length and ETag (a 304 to a reader who has it), from the store while the Simplified
// page is unchanged and made again when it changes; other answers and paths pass as the
// app wrote them. script-choice.ts remembers the 简 / 繁 choice and sends a reader who chose
// 繁 to the variant.
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compose } from '@/server-entry/listener';
import { scriptChoiceLayer } from '@/server-entry/script-choice';
import { createTraditional } from '@/server-entry/traditional';

let version = 1;
const asked: Array<{ url: string; encoding: string | undefined; ifNoneMatch: string | undefined }> = [];

function app(req: IncomingMessage, res: ServerResponse) {
  asked.push({ url: req.url ?? '', encoding: req.headers['accept-encoding'], ifNoneMatch: req.headers['if-none-match'] });
  if (req.url === '/zh/old') {
    res.writeHead(308, { location: '/zh/posts/new' });
    return res.end();
  }
  if (req.url === '/zh/image') {
    res.setHeader('content-type', 'image/png');
    return res.end('软件');
  }
  const body = `<!DOCTYPE html><html lang="zh"><body><a href="/zh/tags/t">软件 ${version}</a><code>软件</code></body></html>`;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('etag', `"page-${version}"`);
  res.write(body.slice(0, 20));
  setTimeout(() => res.end(body.slice(20)), 2);
}

const traditional = createTraditional({
  settings: async () => ({ variant: 'tw', keep: [] }),
  // OpenCC's tables are tested in core/script; one phrase is enough to see the layer use them.
  loadConverter: async () => (text) => text.replaceAll('软件', '軟體'),
});
let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer(compose([scriptChoiceLayer, traditional.layer], app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the Traditional-script layer', () => {
  it('answers /zh/hant/… with the Simplified page converted, asked for uncompressed', async () => {
    const answer = await get('/zh/hant/posts/a?x=1', { 'accept-encoding': 'br' });
    expect(asked.at(-1)).toEqual({ url: '/zh/posts/a?x=1', encoding: 'identity', ifNoneMatch: undefined });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('<!DOCTYPE html><html lang="zh-Hant"><body><a href="/zh/hant/tags/t">軟體 1</a><code>软件</code></body></html>');
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
    expect(answer.headers.etag).toMatch(/^"hant-/);
  });

  it('serves the same conversion from its store, a 304 to a reader who has it, and a new one after a publish', async () => {
    const first = await get('/zh/hant/posts/a');
    const hits = traditional.store.stats.hits;
    const again = await get('/zh/hant/posts/a');
    expect(traditional.store.stats.hits).toBe(hits + 1);
    expect(again.headers.etag).toBe(first.headers.etag);
    const unchanged = await get('/zh/hant/posts/a', { 'if-none-match': first.headers.etag! });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe('');
    expect(asked.at(-1)?.ifNoneMatch).toBeUndefined();
    version = 2;
    const published = await get('/zh/hant/posts/a', { 'if-none-match': first.headers.etag! });
    expect(published.status).toBe(200);
    expect(published.body).toContain('軟體 2');
    expect(published.headers.etag).not.toBe(first.headers.etag);
  });

  it('leads a redirect into the variant and passes other answers and paths as written', async () => {
    const moved = await get('/zh/hant/old');
    expect(moved.status).toBe(308);
    expect(moved.headers.location).toBe('/zh/hant/posts/new');
    expect((await get('/zh/hant/image')).body).toBe('软件');
    expect((await get('/zh/posts/a')).body).toContain('<a href="/zh/tags/t">软件 2</a>');
  });
});

describe('the script choice', () => {
  const host = () => `127.0.0.1:${port}`;

  it('remembers 繁 when the switch is followed from a Simplified page, then serves the variant', async () => {
    const chose = await get('/zh/hant/posts/a', { referer: `http://${host()}/zh/posts/a`, 'sec-fetch-dest': 'document' });
    expect(chose.status).toBe(307);
    expect(chose.headers.location).toBe('/zh/hant/posts/a');
    expect(chose.headers['set-cookie']?.[0]).toMatch(/^DUET_SCRIPT=hant; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(chose.headers['cache-control']).toBe('private, no-store');
    const read = await get('/zh/hant/posts/a', { referer: `http://${host()}/zh/posts/a`, cookie: 'DUET_SCRIPT=hant' });
    expect(read.status).toBe(200);
  });

  it('sends a reader who chose 繁 from any other /zh/ page to its variant, and remembers 简 when they switch back', async () => {
    const arrived = await get('/zh/tags/t?page=2', { cookie: 'a=b; DUET_SCRIPT=hant', referer: `http://${host()}/en/tags/t` });
    expect(arrived.status).toBe(307);
    expect(arrived.headers.location).toBe('/zh/hant/tags/t?page=2');
    const back = await get('/zh/tags/t', { cookie: 'DUET_SCRIPT=hant', referer: `http://${host()}/zh/hant/tags/t` });
    expect(back.status).toBe(307);
    expect(back.headers.location).toBe('/zh/tags/t');
    expect(back.headers['set-cookie']?.[0]).toMatch(/^DUET_SCRIPT=hans;/);
  });

  it('never redirects a reader without the cookie, a background request, the Studio or a feed', async () => {
    expect((await get('/zh/posts/a')).status).toBe(200);
    expect((await get('/zh/hant/posts/a', { referer: 'https://elsewhere.example/zh/posts/a' })).headers['set-cookie']).toBeUndefined();
    expect((await get('/zh/posts/a', { cookie: 'DUET_SCRIPT=hant', rsc: '1' })).status).toBe(200);
    expect((await get('/zh/posts/a', { cookie: 'DUET_SCRIPT=hant', 'sec-fetch-dest': 'image' })).status).toBe(200);
    expect((await get('/zh/feed.xml', { cookie: 'DUET_SCRIPT=hant' })).status).toBe(200);
    expect((await get('/zh/studio', { cookie: 'DUET_SCRIPT=hant' })).status).toBe(200);
  });
});
