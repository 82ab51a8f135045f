// A real fediverse server for the tests, built on Fedify itself (what `fedify inbox` is;
// @fedify/cli cannot be installed here): one actor, `@<handle>@127.0.0.1:<port>`, with RSA
// and Ed25519 keys, an inbox whose HTTP Signatures Fedify verifies, and a control API on the
// same loopback port that tells it to look up, follow, unfollow and reply, and reports every
// activity it received. Run with tsx: `CLIENT_PORT=… tsx tests/fediverse/client-server.ts`;
// it prints one line `{"ready":true,…}` on stdout once it listens. It trusts a test CA through
// NODE_EXTRA_CA_CERTS (Fedify resolves `acct:` handles over https) and reaches private
// addresses (loopback) on purpose: a test tool, never a server to expose.
import http from 'node:http';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { Temporal } from '@js-temporal/polyfill';
import { z } from 'zod';
import { createFederation, generateCryptoKeyPair, MemoryKvStore, type Context } from '@fedify/fedify';
import { Accept, Activity, Create, Endpoints, Follow, LanguageString, Note, Person, PUBLIC_COLLECTION, Undo, isActor, type Actor } from '@fedify/fedify/vocab';
import { controlBody, type ReceivedActivity } from './client-protocol';

const port = Number(process.env.CLIENT_PORT ?? 0);
const handle = process.env.CLIENT_HANDLE ?? 'reader';
if (!Number.isInteger(port) || port <= 0) throw new Error('CLIENT_PORT must be a port number');
const origin = `http://127.0.0.1:${port}`;

const keyPairs = await Promise.all([generateCryptoKeyPair('RSASSA-PKCS1-v1_5'), generateCryptoKeyPair('Ed25519')]);
/** Every activity the inbox accepted (its signature verified), oldest first. */
const received: ReceivedActivity[] = [];
/** Who follows this actor (for the self-test: two clients following each other). */
const followers = new Map<string, Actor>();
/** Notes this actor wrote, so the receiver can fetch them by id. */
const notes = new Map<string, Note>();
/** The Follow sent to each followed actor, by the actor's id, for an Undo. */
const following = new Map<string, { follow: Follow; actor: Actor }>();

const federation = createFederation<void>({ kv: new MemoryKvStore(), origin, allowPrivateAddress: true });

federation
  .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
    if (identifier !== handle) return null;
    const keys = await ctx.getActorKeyPairs(identifier);
    return new Person({
      id: ctx.getActorUri(identifier),
      preferredUsername: identifier,
      name: `Test reader ${identifier}`,
      url: ctx.getActorUri(identifier),
      inbox: ctx.getInboxUri(identifier),
      endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
      followers: ctx.getFollowersUri(identifier),
      publicKey: keys[0]?.cryptographicKey ?? null,
      assertionMethods: keys.map((key) => key.multikey),
    });
  })
  .setKeyPairsDispatcher(async (_ctx, identifier) => (identifier === handle ? keyPairs : []));

federation.setFollowersDispatcher('/users/{identifier}/followers', () => ({ items: [...followers.values()] }));
federation.setObjectDispatcher(Note, '/notes/{id}', (_ctx, { id }) => notes.get(id) ?? null);

federation
  .setInboxListeners('/users/{identifier}/inbox', '/inbox')
  .on(Follow, async (ctx, follow) => {
    await record(follow);
    const follower = await follow.getActor();
    if (!follower || !follow.id) return;
    followers.set(follower.id!.href, follower);
    await ctx.sendActivity({ identifier: handle }, follower, new Accept({ id: new URL(`${origin}/accepts/${randomUUID()}`), actor: ctx.getActorUri(handle), object: follow }));
  })
  .on(Undo, async (_ctx, undo) => {
    await record(undo);
    if (undo.actorId) followers.delete(undo.actorId.href);
  })
  // Accept, Create, Update, Delete and the rest: recorded as they came.
  .on(Activity, async (_ctx, activity) => record(activity));

/** What the test reads of an activity: its kind, ids, and its object's language fields. */
async function record(activity: Activity) {
  const json = (await activity.toJsonLd({ format: 'compact' })) as Record<string, unknown>;
  const object = typeof json.object === 'object' && json.object !== null ? (json.object as Record<string, unknown>) : null;
  const objectId = typeof json.object === 'string' ? json.object : (object?.id as string | undefined);
  received.push({
    kind: String(json.type),
    id: activity.id?.href ?? null,
    actor: activity.actorId?.href ?? null,
    objectId: objectId ?? null,
    objectType: object ? String(object.type) : null,
    contentMap: (object?.contentMap as Record<string, string> | undefined) ?? null,
    nameMap: (object?.nameMap as Record<string, string> | undefined) ?? null,
    url: object?.url ?? null,
    receivedAt: new Date().toISOString(),
  });
}

async function lookUpActor(ctx: Context<void>, identifier: string): Promise<Actor> {
  const found = await ctx.lookupObject(identifier);
  if (!isActor(found)) throw new Error(`${identifier} is not an actor`);
  return found;
}

type Control = (ctx: Context<void>, body: Record<string, unknown>) => Promise<unknown>;
const controls: Record<string, Control> = {
  'GET /control/received': async () => received,
  'POST /control/lookup': async (ctx, body) => {
    const { identifier } = controlBody.lookup.parse(body);
    const found = await ctx.lookupObject(identifier);
    return found ? await found.toJsonLd({ format: 'compact' }) : null;
  },
  /** A plain GET from this process, to show it trusts the site's certificate. */
  'POST /control/fetch': async (_ctx, body) => {
    const answer = await fetch(controlBody.fetch.parse(body).url);
    return { status: answer.status, contentType: answer.headers.get('content-type') };
  },
  'POST /control/webfinger': async (ctx, body) => ctx.lookupWebFinger(controlBody.webfinger.parse(body).resource),
  'POST /control/follow': async (ctx, body) => {
    const actor = await lookUpActor(ctx, controlBody.follow.parse(body).handle);
    const follow = new Follow({ id: new URL(`${origin}/follows/${randomUUID()}`), actor: ctx.getActorUri(handle), object: actor.id });
    await ctx.sendActivity({ identifier: handle }, actor, follow);
    following.set(actor.id!.href, { follow, actor });
    return { followId: follow.id!.href, actorId: actor.id!.href };
  },
  'POST /control/unfollow': async (ctx, body) => {
    const actor = await lookUpActor(ctx, controlBody.follow.parse(body).handle);
    const entry = following.get(actor.id!.href);
    if (!entry) throw new Error(`not following ${actor.id!.href}`);
    const undo = new Undo({ id: new URL(`${origin}/undos/${randomUUID()}`), actor: ctx.getActorUri(handle), object: entry.follow });
    await ctx.sendActivity({ identifier: handle }, actor, undo);
    following.delete(actor.id!.href);
    return { undoId: undo.id!.href };
  },
  'POST /control/reply': async (ctx, body) => {
    const { objectId, content, language } = controlBody.reply.parse(body);
    const target = await ctx.lookupObject(objectId);
    const author = target ? await (target as Note).getAttribution?.() : null;
    if (!target?.id || !author || !isActor(author)) throw new Error(`${objectId} has no author to reply to`);
    const id = randomUUID();
    const note = new Note({
      id: ctx.getObjectUri(Note, { id }),
      attribution: ctx.getActorUri(handle),
      to: PUBLIC_COLLECTION,
      cc: author.id,
      replyTarget: target.id,
      contents: language ? [content, new LanguageString(content, language)] : [content],
      published: Temporal.Now.instant(),
    });
    notes.set(id, note);
    const create = new Create({ id: new URL(`${note.id!.href}/create`), actor: ctx.getActorUri(handle), object: note, to: PUBLIC_COLLECTION, cc: author.id });
    await ctx.sendActivity({ identifier: handle }, author, create);
    return { noteId: note.id!.href, createId: create.id!.href };
  },
  /** Self-test: a Create(Note) to this actor's followers. */
  'POST /control/post': async (ctx, body) => {
    const { content } = controlBody.post.parse(body);
    const id = randomUUID();
    const note = new Note({ id: ctx.getObjectUri(Note, { id }), attribution: ctx.getActorUri(handle), to: PUBLIC_COLLECTION, content });
    notes.set(id, note);
    await ctx.sendActivity({ identifier: handle }, 'followers', new Create({ id: new URL(`${note.id!.href}/create`), actor: ctx.getActorUri(handle), object: note, to: PUBLIC_COLLECTION }));
    return { noteId: note.id!.href };
  },
};

async function answerControl(request: Request): Promise<Response> {
  const control = controls[`${request.method} ${new URL(request.url).pathname}`];
  if (!control) return Response.json({ error: 'no such control' }, { status: 404 });
  const text = request.method === 'POST' ? await request.text() : '';
  if (text.length > 64_000) return Response.json({ error: 'body too large' }, { status: 413 });
  try {
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    return Response.json(await control(federation.createContext(request, undefined), body));
  } catch (error) {
    const status = error instanceof z.ZodError ? 400 : 500;
    return Response.json({ error: error instanceof Error ? error.message : String(error) }, { status });
  }
}

/** Node's request as a web Request, and the web Response written back. */
const server = http.createServer(async (incoming, outgoing) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
  const request = new Request(new URL(incoming.url ?? '/', origin), {
    method: incoming.method,
    headers,
    body: hasBody ? (Readable.toWeb(incoming) as ReadableStream) : undefined,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
  const isLoopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(incoming.socket.remoteAddress ?? '');
  const response = new URL(request.url).pathname.startsWith('/control/') && isLoopback ? await answerControl(request) : await federation.fetch(request, { contextData: undefined });
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(Buffer.from(await response.arrayBuffer()));
});
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ ready: true, actor: `${origin}/users/${handle}`, handle: `@${handle}@127.0.0.1:${port}`, keys: keyPairs.length })}\n`);
});
