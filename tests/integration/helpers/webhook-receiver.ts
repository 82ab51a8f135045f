// A webhook receiver for the tests, on 127.0.0.1, written against docs/webhooks.md only:
// it checks Duet-Signature with node:crypto (not Duet's own verifier), records what came,
// and answers as the test tells it (a status, or hang until released).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The signature checked as the documentation says. */
  verified: boolean;
}

/** What the receiver answers: a status (and body, headers), or `hang` until release(). */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

/** The documented check: t and v1 from Duet-Signature, HMAC-SHA256(secret, `${t}.${raw body}`), at most 5 minutes old. */
export function verifyAsDocumented(secret: string, headers: IncomingHttpHeaders, rawBody: string, nowSeconds = Date.now() / 1000): boolean {
  const header = String(headers['duet-signature'] ?? '');
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key && value) parts.set(key, [...(parts.get(key) ?? []), value]);
  }
  const t = parts.get('t')?.[0];
  if (!t || t !== headers['duet-timestamp'] || Math.abs(nowSeconds - Number(t)) > 300) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
  return (parts.get('v1') ?? []).some((v) => v.length === expected.length && timingSafeEqual(Buffer.from(v), expected));
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** The answers, in order; the last repeats. */
  answers: Answer[];
  secret: string;
  /** Resolves when the next request arrives. */
  nextRequest(): Promise<Received>;
  /** Answers every hanging request (200). */
  release(): void;
  close(): Promise<void>;
}

export async function startReceiver(options: { secret?: string; answers?: Answer[]; now?: () => number } = {}): Promise<Receiver> {
  const hanging: ServerResponse[] = [];
  const waiters: Array<(r: Received) => void> = [];
  const receiver = {
    received: [] as Received[],
    answers: options.answers ?? [{ status: 200, body: 'ok' }],
    secret: options.secret ?? '',
  } as Receiver;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const nowSeconds = options.now ? options.now() / 1000 : Date.now() / 1000;
      const entry = { path: req.url ?? '', headers: req.headers, body, verified: verifyAsDocumented(receiver.secret, req.headers, body, nowSeconds) };
      receiver.received.push(entry);
      waiters.splice(0).forEach((w) => w(entry));
      const answer = receiver.answers[Math.min(receiver.received.length - 1, receiver.answers.length - 1)]!;
      if (answer === 'hang') {
        hanging.push(res);
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    nextRequest: () => new Promise<Received>((resolve) => waiters.push(resolve)),
    release: () => hanging.splice(0).forEach((res) => res.writeHead(200).end('late')),
    close: async () => {
      hanging.splice(0).forEach((res) => res.destroy());
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
