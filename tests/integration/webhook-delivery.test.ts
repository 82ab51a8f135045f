// Webhook deliveries on both databases, against real HTTP receivers on 127.0.0.1: the
// signature verifies with a receiver written from the documentation alone; failures are
// retried about 1 min, 5 min, 30 min, 2 h and 6 h apart and stop after the sixth; 410
// turns the hook off; redirects are not followed; addresses on this machine, link-local
// and private networks are refused at delivery time (a name is checked when it resolves,
// and the connection goes to the address checked); a receiver that hangs delays no publish.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderDocument } from '@/core/markdown/render-document';
import type { WebhookPayload } from '@/core/webhooks/events';
import type { WebhookInput } from '@/core/webhooks/webhook-inputs';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';
import { createStudioRepository } from '@/db/repositories/studio-repository';
import { createDeliveryQueue, type DeliveryQueue } from '@/db/repositories/webhook-deliveries';
import { createWebhookRepository, type WebhookRepository } from '@/db/repositories/webhooks';
import { deliverDue, type DeliveryOptions } from '@/server/webhooks/deliver-due';
import { systemResolver, type Resolver } from '@/server/net/resolve-target';
import { makePost } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';
import { startReceiver, type Answer, type Receiver } from './helpers/webhook-receiver';

for (const target of testTargets) {
  describe.skipIf(target.skip)(`webhook deliveries (${target.name})`, () => {
    let t: TestDatabase;
    let content: ContentRepository;
    let hooks: WebhookRepository;
    let queue: DeliveryQueue;
    const receivers: Receiver[] = [];
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      content = createContentRepository(t.db, renderDocument);
      hooks = createWebhookRepository(t.db);
      queue = createDeliveryQueue(t.db);
    });
    afterAll(() => t?.close());
    beforeEach(async () => {
      await t.db.deleteFrom('webhook_deliveries').execute();
      await t.db.deleteFrom('webhooks').execute();
    });
    afterEach(async () => {
      await Promise.all(receivers.splice(0).map((r) => r.close()));
    });

    async function receiver(answers?: Answer[]) {
      const r = await startReceiver({ answers });
      receivers.push(r);
      return r;
    }

    /** A hook straight into the repository: the delivery-time checks are under test, not the form's. */
    async function hook(url: string, options: Partial<WebhookInput> = {}) {
      const input: WebhookInput = { url, events: ['post.published'], locales: ['zh', 'en'], allowPrivateNetwork: true, active: true, ...options };
      return hooks.create(input, null);
    }

    const rows = () => t.db.selectFrom('webhook_deliveries').selectAll().orderBy('created_at').orderBy('id').execute();
    const run = (options: Partial<DeliveryOptions> = {}) => deliverDue({ db: t.db, random: () => 0.5, ...options });

    it('signs each delivery so a receiver written from the documentation verifies it', async () => {
      const r = await receiver();
      const { secret } = await hook(r.url);
      r.secret = secret;
      const post = await makePost(content);
      expect(await run()).toBe(2);
      expect(r.received).toHaveLength(2);
      expect(r.received.every((x) => x.verified)).toBe(true);
      const stored = await rows();
      for (const got of r.received) {
        const row = stored.find((s) => s.id === got.headers['duet-webhook-id'])!;
        expect(got.body).toBe(row.payload);
        expect(got.headers['duet-event']).toBe('post.published');
        expect((JSON.parse(got.body) as WebhookPayload).post!.id).toBe(post.id);
      }
      expect(stored.map((s) => [s.status, s.attempts, s.response_status, s.response_body])).toEqual([
        ['succeeded', 1, 200, 'ok'],
        ['succeeded', 1, 200, 'ok'],
      ]);
      // Another secret (or a changed body) does not verify.
      r.secret = (await hooks.rotateSecret((await hooks.list())[0]!.id)).replace(/.$/, '_');
      await queue.redeliver(stored[0]!.id);
      await run();
      expect(r.received.at(-1)!.verified).toBe(false);
    });

    it('retries with growing waits, records every answer, and stops after the sixth attempt', async () => {
      const r = await receiver([{ status: 503, body: 'down for maintenance' }]);
      const { webhook } = await hook(r.url);
      await queue.enqueuePing(webhook.id, 'https://site.example');
      let clock = new Date('2030-01-01T00:00:00.000Z');
      const now = () => clock;
      const waits: number[] = [];
      for (let attempt = 1; attempt <= 6; attempt++) {
        expect(await run({ now })).toBe(1);
        // Not due again at the same moment.
        expect(await run({ now })).toBe(0);
        const [row] = await rows();
        expect(row).toMatchObject({ attempts: attempt, response_status: 503, response_body: 'down for maintenance', last_attempt_at: clock.toISOString() });
        if (attempt < 6) {
          expect(row!.status).toBe('pending');
          waits.push(Date.parse(row!.next_attempt_at!) - clock.getTime());
          clock = new Date(row!.next_attempt_at!);
        } else {
          expect(row).toMatchObject({ status: 'failed', next_attempt_at: null });
        }
      }
      expect(waits).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 21_600_000]);
      clock = new Date(clock.getTime() + 30 * 24 * 3600_000);
      expect(await run({ now })).toBe(0);
      expect(r.received).toHaveLength(6);

      // Redelivered by the owner, as a new delivery with its own id.
      r.answers = [{ status: 204 }];
      const again = (await queue.redeliver((await rows())[0]!.id, clock))!;
      await run({ now });
      expect((await queue.get(again.id))!.status).toBe('succeeded');
      expect(new Set(r.received.map((x) => x.headers['duet-webhook-id'])).size).toBe(2);
    });

    it('turns the hook off on 410 Gone, and drops what it still had waiting', async () => {
      const r = await receiver([{ status: 410 }]);
      const { webhook } = await hook(r.url);
      await queue.enqueuePing(webhook.id, 'https://site.example');
      await run({ concurrency: 1 });
      expect((await hooks.get(webhook.id))!.active).toBe(false);
      await queue.enqueuePing(webhook.id, 'https://site.example');
      await run();
      expect(r.received).toHaveLength(1);
      expect((await rows()).map((row) => [row.status, row.error_code])).toEqual([
        ['failed', 'gone'],
        ['failed', 'off'],
      ]);
      await makePost(content);
      expect(await rows()).toHaveLength(2);
    });

    it('does not follow a redirect, and keeps only 2 KB of an answer, made storable', async () => {
      const r = await receiver([{ status: 302, headers: { location: '/elsewhere' } }, { status: 500, body: `bad\u0000${'x'.repeat(5000)}` }]);
      const { webhook } = await hook(r.url);
      await queue.enqueuePing(webhook.id, 'https://site.example');
      await run();
      let [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', response_status: 302, error_code: 'redirect' });
      expect(row!.error).toMatch(/Redirects are not followed/);
      expect(r.received.map((x) => x.path)).toEqual(['/hook']);
      await run({ now: () => new Date(Date.now() + 3600_000) });
      [row] = await rows();
      expect(row!.response_status).toBe(500);
      expect(row!.response_body!.length).toBeLessThanOrEqual(2048);
      expect(row!.response_body).toMatch(/^bad\uFFFDxxx/);
    });

    it('refuses loopback, link-local and private addresses at delivery time unless the hook allows them', async () => {
      const r = await receiver();
      const port = r.port;
      const resolver: Resolver = async (name) => {
        if (name === 'inside.example') return [{ address: '127.0.0.1', family: 4 }];
        if (name === 'mixed.example') return [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }];
        if (name === 'metadata.example') return [{ address: '169.254.169.254', family: 4 }];
        return systemResolver(name);
      };
      const refused = [
        `http://127.0.0.1:${port}/hook`,
        `http://localhost:${port}/hook`,
        `http://[::1]:${port}/hook`,
        `http://[::ffff:127.0.0.1]:${port}/hook`,
        `http://inside.example:${port}/hook`,
        `http://mixed.example:${port}/hook`,
        'http://169.254.169.254/latest/meta-data/',
      ];
      for (const url of refused) await hook(url, { allowPrivateNetwork: false });
      // Never, even when allowed: link-local (the cloud's metadata service).
      await hook('http://169.254.169.254/latest/meta-data/', { allowPrivateNetwork: true });
      await hook(`http://metadata.example:${port}/hook`, { allowPrivateNetwork: true });
      for (const { id } of await hooks.list()) await queue.enqueuePing(id, 'https://site.example');
      await run({ resolver });
      expect(r.received).toHaveLength(0);
      const stored = await rows();
      expect(stored.map((row) => row.status)).toEqual(Array(9).fill('failed'));
      expect(stored.every((row) => row.attempts === 1 && row.response_status === null && /private network or this server|link-local/.test(row.error!))).toBe(true);
      expect(stored.map((row) => row.error_code).sort()).toEqual([...Array(3).fill('forbidden-address'), ...Array(6).fill('private-address')]);

      // The same name, allowed: delivered to the address that was checked (the name exists nowhere else).
      await hook(`http://inside.example:${port}/hook`, { allowPrivateNetwork: true });
      const allowed = (await hooks.list()).at(-1)!;
      await queue.enqueuePing(allowed.id, 'https://site.example');
      await run({ resolver });
      expect(r.received).toHaveLength(1);
      expect(r.received[0]!.headers.host).toBe(`inside.example:${port}`);
    });

    it('tries an unresolvable name again later rather than giving up', async () => {
      const { webhook } = await hook('https://nowhere.invalid/hook', { allowPrivateNetwork: false });
      await queue.enqueuePing(webhook.id, 'https://site.example');
      await run({ resolver: async () => Promise.reject(Object.assign(new Error('no'), { code: 'ENOTFOUND' })) });
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', attempts: 1, error_code: 'unresolvable' });
      expect(row!.error).toMatch(/could not be resolved \(ENOTFOUND\)/);
    });

    it('gives up on a receiver that does not answer in time, and a hanging receiver delays no publish', async () => {
      const r = await receiver(['hang']);
      await hook(r.url);
      const post = await makePost(content, { translations: { zh: { slug: `zh-${Date.now()}`, title: '源', body: '源文', state: 'published' } } });
      const order: string[] = [];
      const arrived = r.nextRequest().then(() => order.push('receiver got the delivery'));
      const delivering = run({ timeoutMs: 60_000 }).then(() => order.push('delivery finished'));
      await arrived;
      const studio = createStudioRepository(t.db, renderDocument);
      const draft = (await studio.getStudioPost(post.id))!.translations.zh!;
      await studio.saveDraft(post.id, 'zh', { fields: { slug: draft.slug, title: '改过的', body: '改过的正文' }, expectedRevisionId: draft.revisionId, userId: null });
      await createPublishingRepository(t.db, renderDocument).publish(post.id, 'zh', null);
      order.push('publish returned');
      r.release();
      await delivering;
      expect(order).toEqual(['receiver got the delivery', 'publish returned', 'delivery finished']);

      // A receiver that never answers: the attempt ends at the time limit and is retried.
      await t.db.deleteFrom('webhook_deliveries').execute();
      const { webhook } = await hook(r.url);
      await queue.enqueuePing(webhook.id, 'https://site.example');
      r.answers = ['hang'];
      await run({ timeoutMs: 300 });
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', response_status: null, error_code: 'timeout' });
      expect(row!.error).toMatch(/No answer within 0.3 s/);
    });

    it('claims each delivery once, however many workers run', async () => {
      const r = await receiver();
      const { webhook } = await hook(r.url);
      for (let i = 0; i < 12; i++) await queue.enqueuePing(webhook.id, 'https://site.example');
      const counts = await Promise.all([run({ concurrency: 3 }), run({ concurrency: 3 }), run({ concurrency: 2 })]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
      const ids = r.received.map((x) => x.headers['duet-webhook-id']);
      expect(new Set(ids).size).toBe(12);
      expect(ids).toHaveLength(12);
    });

    it('keeps a bounded history', async () => {
      const { webhook } = await hook('https://hooks.example.com/');
      const old = new Date(Date.now() - 40 * 24 * 3600_000);
      for (let i = 0; i < 3; i++) await queue.enqueuePing(webhook.id, 'https://site.example', old);
      await queue.enqueuePing(webhook.id, 'https://site.example');
      await t.db.updateTable('webhook_deliveries').set({ status: 'succeeded' }).execute();
      const waiting = await queue.enqueuePing(webhook.id, 'https://site.example', old);
      expect(await queue.prune()).toBe(3);
      expect((await rows()).map((row) => row.id)).toContain(waiting);
      expect(await rows()).toHaveLength(2);
    });
  });
}
