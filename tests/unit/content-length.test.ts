// The Content-Length layer of the server entry (src/server-entry/content-length.ts): an answer that
// names its length in X-Duet-Content-Length (the media routes) goes out with
// Content-Length, even when written the way Next writes a route handler's stream (headers
// appended, body in chunks), on GET and HEAD; a compressed answer keeps no length.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { contentLengthLayer } from '@/server-entry/content-length';

/** Writes the way Next writes a route handler's stream: headers appended, body in chunks. */
function app(req: IncomingMessage, res: ServerResponse) {
  res.statusCode = req.url === '/range' ? 206 : 200;
  res.appendHeader('content-type', 'audio/mpeg');
  res.appendHeader('x-duet-content-length', '10');
  if (req.url === '/gzip') res.appendHeader('content-encoding', 'gzip');
  if (req.method === 'HEAD') return void res.end();
  res.write('01234');
  setTimeout(() => res.end('56789'), 20);
}

interface Seen {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** Raw HTTP, so the framing headers are seen as they were sent. */
function ask(port: number, method: string, path: string): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function withServer<T>(visit: (port: number) => Promise<T>): Promise<T> {
  const server = createServer(contentLengthLayer(app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await visit((server.address() as { port: number }).port);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe('the Content-Length layer in a server', () => {
  it('sends the named length instead of chunks, on full and range answers, GET and HEAD', async () => {
    const seen = await withServer(async (port) => [await ask(port, 'GET', '/'), await ask(port, 'HEAD', '/'), await ask(port, 'GET', '/range')]);
    for (const answer of seen) {
      expect(answer.headers['content-length']).toBe('10');
      expect(answer.headers['transfer-encoding']).toBeUndefined();
      expect(answer.headers['x-duet-content-length']).toBeUndefined();
    }
    expect(seen.map((s) => s.status)).toEqual([200, 200, 206]);
  });

  it('gives no length to a body encoded on its way', async () => {
    const seen = await withServer((port) => ask(port, 'GET', '/gzip'));
    expect(seen.headers['content-length']).toBeUndefined();
    expect(seen.headers['x-duet-content-length']).toBeUndefined();
  });
});
