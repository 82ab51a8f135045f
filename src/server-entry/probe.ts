// A request this server sends itself while it starts (is the database ready, does the Studio
// need its owner), by node:http rather than the global fetch: once Next has loaded its
// pages, the global fetch is Next's own (its data cache), and outside a request it never
// answered, so the start never said "ready" and never listened for SIGTERM.
import { request } from 'node:http';

export interface ProbeAnswer {
  status: number;
  location: string | null;
}

/** GETs `url` and reads only the head; null when it fails or takes longer than `timeoutMs`. */
export function probe(url: string, timeoutMs: number): Promise<ProbeAnswer | null> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', () => resolve(null));
    req.end();
  });
}
