// The fediverse spec's test client (tests/fediverse/client-server.ts), checked on its own:
// two of them follow each other over signed requests, get each other's Accept, Notes,
// replies with their language, and Undo; an unsigned post to an inbox is refused and not
// recorded. What the browser suite's fediverse spec relies on, without Duet or nginx.
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestClient, type TestClient } from '../fediverse/test-client';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

let alice: TestClient;
let bob: TestClient;

beforeAll(async () => {
  [alice, bob] = await Promise.all([freePort().then((port) => startTestClient(port, 'alice')), freePort().then((port) => startTestClient(port, 'bob'))]);
});
afterAll(() => {
  alice?.stop();
  bob?.stop();
});

/** Polls a client until an activity matches (deliveries here are sent before the call answers). */
async function receivedBy(client: TestClient, match: (kind: string, objectId: string | null) => boolean) {
  await expect.poll(async () => (await client.received()).some((a) => match(a.kind, a.objectId)), { timeout: 10_000 }).toBe(true);
  return (await client.received()).find((a) => match(a.kind, a.objectId))!;
}

test('a follow is received by the followed, whose Accept comes back signed', async () => {
  const { followId, actorId } = await alice.follow(bob.actorId);
  expect(actorId).toBe(bob.actorId);
  const follow = await receivedBy(bob, (kind) => kind === 'Follow');
  expect(follow).toMatchObject({ id: followId, actor: alice.actorId, objectId: bob.actorId });
  const accept = await receivedBy(alice, (kind, objectId) => kind === 'Accept' && objectId === followId);
  expect(accept.actor).toBe(bob.actorId);
});

test("a follower gets the followed's Note, and a reply carries its language", async () => {
  const { noteId } = await bob.post('Hello, followers.');
  const create = await receivedBy(alice, (kind, objectId) => kind === 'Create' && objectId === noteId);
  expect(create.objectType).toBe('Note');
  const { noteId: replyId } = await alice.reply(noteId, '你好。', 'zh');
  const reply = await receivedBy(bob, (kind, objectId) => kind === 'Create' && objectId === replyId);
  expect(reply.contentMap).toEqual({ zh: '你好。' });
});

test('an unfollow arrives as an Undo', async () => {
  const { undoId } = await alice.unfollow(bob.actorId);
  const undo = await receivedBy(bob, (kind) => kind === 'Undo');
  expect(undo.id).toBe(undoId);
});

test('an unsigned activity is refused and not recorded', async () => {
  const before = (await bob.received()).length;
  const forged = await fetch(`${bob.url}/inbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/activity+json' },
    body: JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', type: 'Create', id: `${alice.actorId}/forged`, actor: alice.actorId, object: { type: 'Note', content: 'forged' } }),
  });
  expect(forged.status).toBe(401);
  expect(await bob.received()).toHaveLength(before);
});
