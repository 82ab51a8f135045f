// A fediverse account for the tests, on 127.0.0.1 (DUET_FEDERATION_ALLOW_PRIVATE=1): its
// actor document with an RSA key (Fedify's vocabulary), an inbox that records what arrives
// and answers as the test tells it (503 first, to test retries), and signed activities sent
// to Duet with Fedify's signRequest, as another server would send them.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { CryptographicKey, Endpoints, Person } from '@fedify/vocab';

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface Peer {
  origin: string;
  host: string;
  actorId: string;
  inbox: string;
  received: Delivery[];
  /** The id of every activity posted to the inbox, refused ones too, in order. */
  attempts: string[];
  /** Statuses the inbox answers, in order; 202 once they run out. */
  answers: number[];
  /** A signed POST of `activity` to `url` (a Duet inbox). */
  sign(url: string, activity: Record<string, unknown>): Promise<Request>;
  /** An activity id on this peer. */
  newId(kind: string): string;
  close(): Promise<void>;
}

export async function startPeer(username = 'alice'): Promise<Peer> {
  const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const received: Delivery[] = [];
  const attempts: string[] = [];
  const answers: number[] = [];
  let actorJson = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === `/users/${username}`) {
        res.writeHead(200, { 'content-type': 'application/activity+json' }).end(actorJson);
        return;
      }
      if (req.method === 'POST' && (req.url === `/users/${username}/inbox` || req.url === '/inbox')) {
        const status = answers.shift() ?? 202;
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        attempts.push(String(body.id));
        if (status < 300) received.push({ path: req.url, headers: req.headers, body });
        res.writeHead(status).end();
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const actorId = `${origin}/users/${username}`;
  const person = new Person({
    id: new URL(actorId),
    preferredUsername: username,
    name: `${username} (peer)`,
    inbox: new URL(`${actorId}/inbox`),
    endpoints: new Endpoints({ sharedInbox: new URL(`${origin}/inbox`) }),
    publicKey: new CryptographicKey({ id: new URL(`${actorId}#main-key`), owner: new URL(actorId), publicKey: keys.publicKey }),
  });
  actorJson = JSON.stringify(await person.toJsonLd());
  return {
    origin,
    host: '127.0.0.1',
    actorId,
    inbox: `${actorId}/inbox`,
    received,
    attempts,
    answers,
    newId: (kind) => `${origin}/${kind}/${randomUUID()}`,
    async sign(url, activity) {
      const body = JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', ...activity });
      const request = new Request(url, { method: 'POST', headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json' }, body });
      return signRequest(request, keys.privateKey, new URL(`${actorId}#main-key`), { spec: 'draft-cavage-http-signatures-12' });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
