// Starting the test fediverse client (client-server.ts) in a process of its own and
// driving it through its control API: used by the browser suite's fediverse spec and by the
// client's own self-test (two clients following each other).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ReceivedActivity } from './client-protocol';

const root = new URL('../..', import.meta.url).pathname;

/** Processes are stopped by their own group id: never by name. */
export function stopGroup(child: ChildProcess | undefined): void {
  if (!child?.pid || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

/** The test client's control API (tests/fediverse/client-protocol.ts). */
export class TestClient {
  constructor(
    readonly url: string,
    readonly handle: string,
    readonly actorId: string,
    private readonly child: ChildProcess,
  ) {}

  async call<T>(path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${this.url}/control/${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
    const json = (await answer.json()) as T & { error?: string };
    if (!answer.ok) throw new Error(`client ${path}: ${answer.status} ${json.error}`);
    return json;
  }

  received = () => this.call<ReceivedActivity[]>('received');
  fetch = (url: string) => this.call<{ status: number; contentType: string | null }>('fetch', { url });
  lookup = (identifier: string) => this.call<Record<string, unknown> | null>('lookup', { identifier });
  webfinger = (resource: string) => this.call<{ subject: string; links: Array<{ rel: string; type?: string; href?: string }> } | null>('webfinger', { resource });
  follow = (handle: string) => this.call<{ followId: string; actorId: string }>('follow', { handle });
  unfollow = (handle: string) => this.call<{ undoId: string }>('unfollow', { handle });
  reply = (objectId: string, content: string, language?: string) => this.call<{ noteId: string }>('reply', { objectId, content, ...(language ? { language } : {}) });

  /** A Note to this actor's followers (the self-test's traffic). */
  post = (content: string) => this.call<{ noteId: string }>('post', { content });

  stop = () => stopGroup(this.child);
}

export async function startTestClient(port: number, handle: string, caFile?: string): Promise<TestClient> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fediverse/client-server.ts'], {
    cwd: root,
    env: { ...process.env, CLIENT_PORT: String(port), CLIENT_HANDLE: handle, ...(caFile ? { NODE_EXTRA_CA_CERTS: caFile } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = await Promise.race([
    new Promise<{ actor: string }>((resolve) => lines.once('line', (line) => resolve(JSON.parse(line) as { actor: string }))),
    new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the test client stopped (code ${code})`)))),
    sleep(60_000).then(() => Promise.reject(new Error('the test client did not start in 60 s'))),
  ]);
  return new TestClient(`http://127.0.0.1:${port}`, handle, ready.actor, child);
}
