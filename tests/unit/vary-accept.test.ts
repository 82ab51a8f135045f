// The Vary: Accept layer of the server entry (src/server-entry/vary-accept.ts): a post's page
// says Vary: Accept beside what the app said, once; other paths are left as they were.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { varyAcceptLayer } from '@/server-entry/vary-accept';

function app(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('vary', req.url?.includes('already') ? 'RSC, Accept' : 'RSC, Next-Router-State-Tree');
  res.setHeader('content-type', 'text/html');
  res.end('<p>page</p>');
}

function vary(port: number, method: string, path: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers.vary));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Vary: Accept on post pages', () => {
  it('adds Accept on a post page, once, and nowhere else', async () => {
    const server = createServer(varyAcceptLayer(app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      expect(await vary(port, 'GET', '/zh/posts/%E5%96%9D%E8%8C%B6')).toBe('RSC, Next-Router-State-Tree, Accept');
      expect(await vary(port, 'HEAD', '/en/posts/tea?x=1')).toBe('RSC, Next-Router-State-Tree, Accept');
      expect(await vary(port, 'GET', '/en/posts/already')).toBe('RSC, Accept');
      expect(await vary(port, 'GET', '/en/posts/tea/parallel')).toBe('RSC, Next-Router-State-Tree');
      expect(await vary(port, 'GET', '/zh')).toBe('RSC, Next-Router-State-Tree');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
