// The Redis the shared-cache suites run against (TEST_REDIS_URL; CI sets it and fails
// without it), with a fresh key prefix per suite, removed afterwards, so suites and other
// users of that Redis never see each other's keys. Also a TCP relay to it that a test can
// cut and restore, to play an outage without stopping a Redis others are using.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { createClient } from 'redis';
import { createRedisCacheStore, type RedisCacheStore } from '@/server/cache/redis-cache-store.mjs';

export const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('Redis suite SKIPPED: TEST_REDIS_URL not set (e.g. redis://127.0.0.1:6379)');

export function uniquePrefix(): string {
  return `duet-test-${randomBytes(6).toString('hex')}`;
}

/** A store as one Duet process has it, connected and past its start-up floor. */
export async function openStore(prefix: string, url = redisUrl!): Promise<RedisCacheStore> {
  const store = createRedisCacheStore({ url, prefix });
  await store.connected();
  if (!(await store.invalidate([]))) throw new Error(`the test Redis at ${url} did not answer`);
  return store;
}

/** Runs `fn` with a plain client on the test Redis (inspecting or damaging keys). */
type PlainClient = ReturnType<typeof plainClient>;
const plainClient = () => createClient({ url: redisUrl });

export async function withRedis<T>(fn: (client: PlainClient) => Promise<T>): Promise<T> {
  const client = plainClient();
  await client.connect();
  try {
    return await fn(client);
  } finally {
    client.destroy();
  }
}

export async function dropPrefix(prefix: string): Promise<void> {
  await withRedis(async (client) => {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) if (keys.length > 0) await client.del(keys);
  });
}

/**
 * A relay to the test Redis on a port of its own. `cut()` drops every connection and refuses
 * new ones; `stall()` keeps connections open but holds back what clients send (Redis hung)
 * until `resume()`.
 */
export async function startRelay(): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void>; stall(): void; resume(): void; close(): Promise<void> }> {
  const target = new URL(redisUrl!);
  const sockets = new Set<net.Socket>();
  const held: Array<() => void> = [];
  let isStalled = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => (isStalled ? held.push(() => upstream.write(chunk)) : upstream.write(chunk)));
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: stop,
    restore: () => listen(port),
    stall: () => {
      isStalled = true;
    },
    resume: () => {
      isStalled = false;
      for (const send of held.splice(0)) send();
    },
    close: stop,
  };
}

/** A server that accepts connections and never answers: Redis hung, or a black hole. */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Waits for `check` to hold, polling; fails after `ms` (a bound far above the expected wait). */
export async function waitFor(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not true after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
