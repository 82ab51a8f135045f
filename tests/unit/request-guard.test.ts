// The request guard, the server entry's first layer in front of Next (src/server-entry/): a path that cannot be
// decoded is a 400 (the API's error shape under /api/) instead of Next's 500, and a body
// too large for a page or a form is refused before it is read: at once when its length is
// declared, at the limit when it is not, while the API's own bodies (uploads) pass whole.
import { createServer, request, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { errorBody } from '@/server/api/respond';
import { errorLocale } from '@/server/api/error-titles';
import * as guard from '@/server-entry/request-guard';

const malformed = ['%E4%B8', '%FF', '%ZZ', '%', 'a%2', '%C0%AF', '%ED%A0%80'];

describe('isMalformedPath', () => {
  it('knows a broken escape or bytes that are no UTF-8 character', () => {
    for (const bad of malformed) expect(guard.isMalformedPath(`/images/${bad}.png`), bad).toBe(true);
  });

  it('lets every decodable path through, and does not look at the query', () => {
    for (const good of ['/images/a.png', '/api/v1/content/posts/slug/zh/%E4%B8%AD%E6%96%87', '/zh/posts/hello%20world', '/fonts/serif-sc.css?c=%FF', '/a?b=%ZZ', '/']) {
      expect(guard.isMalformedPath(good), good).toBe(false);
    }
  });
});

describe('malformedPathAnswer', () => {
  it('answers the API in its error shape, titled in the language asked for, as the API itself would', () => {
    const answer = guard.malformedPathAnswer('/api/v1/content/tags/%E4%B8', {})!;
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json');
    const body = JSON.parse(answer.body);
    expect(body).toEqual(errorBody(400, body.error.message));
    const inChinese = JSON.parse(guard.malformedPathAnswer('/api/v1/content/posts/slug/zh/%FF?lang=zh', {})!.body);
    expect(inChinese).toEqual(errorBody(400, body.error.message, undefined, undefined, undefined, 'zh'));
    expect(guard.malformedPathAnswer('/api/v1/content/posts/%FF', { 'x-request-id': 'probe-request-1' })!.headers['x-request-id']).toBe('probe-request-1');
  });

  it('picks the title\'s language as the API does', () => {
    for (const [query, acceptLanguage] of [['', undefined], ['lang=zh', undefined], ['lang=en', 'zh-CN'], ['', 'zh-TW,en;q=0.5'], ['', 'fr, en;q=0.3, zh;q=0.8'], ['', '*'], ['lang=fr', 'zh']] as const) {
      const locale = errorLocale(new Request(`http://localhost/api/x?${query}`, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} }));
      const title = JSON.parse(guard.malformedPathAnswer(`/api/%FF?${query}`, acceptLanguage ? { 'accept-language': acceptLanguage } : {})!.body).error.title;
      expect(title, `${query} ${acceptLanguage}`).toBe(errorBody(400, '', undefined, undefined, undefined, locale).error.title);
    }
  });

  it('answers media, fonts and the rest in plain text, and leaves pages under a language to the proxy', () => {
    for (const path of ['/images/%E4%B8', '/audios/%FF.mp3', '/fonts/latin/%E4%B8', '/sitemaps/%ZZ.xml', '/%FF']) {
      const answer = guard.malformedPathAnswer(path, {})!;
      expect(answer.status, path).toBe(400);
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    }
    expect(guard.malformedPathAnswer('/zh/posts/%E4%B8', {})).toBeNull();
    expect(guard.malformedPathAnswer('/en/%ZZ/feed.xml', {})).toBeNull();
    // The error view's own address: the proxy's rewrite to that view would decode it again.
    expect(guard.malformedPathAnswer('/zh/error/%FF', {})!.status).toBe(400);
    expect(guard.malformedPathAnswer('/images/ok.png', {})).toBeNull();
  });
});

describe('bodyVerdict', () => {
  const limit = guard.pageBodyLimitBytes;

  it('refuses a declared length over the limit anywhere but the API, and holds one it does not know', () => {
    expect(guard.bodyVerdict({ path: '/zh/studio/login', contentLength: String(300 * 1024 * 1024) })).toEqual({ action: 'refuse', limit });
    expect(guard.bodyVerdict({ path: '/en/about', contentLength: String(limit + 1) })).toEqual({ action: 'refuse', limit });
    expect(guard.bodyVerdict({ path: '/zh/studio/login', contentLength: 'lots' }).action).toBe('refuse');
    expect(guard.bodyVerdict({ path: '/zh/studio/login', transferEncoding: 'chunked' })).toEqual({ action: 'hold', limit });
  });

  it('lets through what is within the limit, bodiless requests, and the API with its own limits', () => {
    expect(guard.bodyVerdict({ path: '/zh/studio/login', contentLength: String(limit) }).action).toBe('pass');
    expect(guard.bodyVerdict({ path: '/zh' }).action).toBe('pass');
    expect(guard.bodyVerdict({ path: '/api/v1/studio/media', contentLength: String(300 * 1024 * 1024) }).action).toBe('pass');
    expect(guard.bodyVerdict({ path: '/api/v1/studio/media?x=1', transferEncoding: 'chunked' }).action).toBe('pass');
    expect(guard.bodyVerdict({ path: 'http://example.com/api/v1/studio/media', transferEncoding: 'chunked' }).action).toBe('pass');
  });

  it('says the same limit to Next (next.config.ts)', async () => {
    const config = (await import('../../next.config')).default;
    const kb = `${limit / 1024}kb`;
    expect(config.experimental?.serverActions?.bodySizeLimit).toBe(kb);
    expect(config.experimental?.proxyClientMaxBodySize).toBe(kb);
  });
});

/** A server with the guard in front, whose app counts what reaches it: requests, body bytes. */
function guardedServer(): Server {
  const seen = { requests: 0, bodyBytes: 0, lastBody: '' };
  let bytesRead = 0;
  const server = createServer(
    guard.requestGuardLayer((req, res) => {
      if (req.url === '/seen') return void res.end(JSON.stringify({ ...seen, bytesRead }));
      seen.requests += 1;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => {
        seen.bodyBytes += c.length;
        chunks.push(c);
      });
      req.on('end', () => {
        seen.lastBody = Buffer.concat(chunks).toString().slice(0, 64);
        res.end(`app ${Buffer.concat(chunks).length}`);
      });
    }),
  );
  server.on('connection', (socket) => socket.on('close', () => (bytesRead += socket.bytesRead)));
  return server;
}

interface Sent {
  status: number;
  body: string;
  sentBytes: number;
}

/** Streams `total` bytes (never held whole: one 64 KB chunk, written again and again) until answered. */
function post(port: number, path: string, total: number, declare: boolean, headers: Record<string, string> = {}): Promise<Sent> {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, ...(declare ? { 'content-length': String(total) } : {}) } }, (res) => {
      answered = true;
      const sentBytes = sent;
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        resolve({ status: res.statusCode!, body, sentBytes });
        req.destroy();
      });
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const write = () => {
      while (sent < total && !answered) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

function seen(port: number): Promise<{ requests: number; bodyBytes: number; lastBody: string; bytesRead: number }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/seen' }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve(JSON.parse(body)));
    })
      .on('error', reject)
      .end();
  });
}

async function withServer<T>(visit: (port: number) => Promise<T>): Promise<T> {
  const server = guardedServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await visit((server.address() as { port: number }).port);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const megabytes = (n: number) => n * 1024 * 1024;

describe('the request guard in a server', () => {
  it('refuses 300 MB to a form, declared or not, having read a small part of it, and the app never sees it', async () => {
    await withServer(async (port) => {
      const declared = await post(port, '/zh/studio/login', megabytes(300), true, { 'next-action': 'abc' });
      expect(declared.status).toBe(413);
      expect(declared.body).toContain('256 KB');
      const chunked = await post(port, '/en/about', megabytes(300), false);
      expect(chunked.status).toBe(413);
      // The client stopped when answered: a few megabytes in flight at most, nowhere near 300.
      expect(declared.sentBytes + chunked.sentBytes).toBeLessThan(megabytes(64));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const counts = await seen(port);
      expect(counts.requests).toBe(0);
      expect(counts.bodyBytes).toBe(0);
      expect(counts.bytesRead).toBeLessThan(megabytes(64));
    });
  });

  it('hands a small body of unknown length to the app whole, and the API\'s bodies however large', async () => {
    await withServer(async (port) => {
      const small = await post(port, '/zh/studio/login', 200 * 1024, false);
      expect(small).toMatchObject({ status: 200, body: `app ${200 * 1024}` });
      const upload = await post(port, '/api/v1/studio/media', megabytes(20), false);
      expect(upload).toMatchObject({ status: 200, body: `app ${megabytes(20)}` });
      const declaredUpload = await post(port, '/api/v1/studio/media', megabytes(20), true);
      expect(declaredUpload).toMatchObject({ status: 200, body: `app ${megabytes(20)}` });
      expect((await seen(port)).lastBody).toBe('a'.repeat(64));
    });
  });

  it('answers a path it cannot decode with 400, and passes the ones it can', async () => {
    await withServer(async (port) => {
      const api = await post(port, '/api/v1/content/tags/%E4%B8', 0, true);
      expect(api.status).toBe(400);
      expect(JSON.parse(api.body).error).toMatchObject({ status: 400, title: 'Bad Request' });
      expect((await post(port, '/images/%FF.png', 0, true)).status).toBe(400);
      expect((await post(port, '/images/ok.png', 0, true)).status).toBe(200);
      expect((await seen(port)).requests).toBe(1);
    });
  });
});
