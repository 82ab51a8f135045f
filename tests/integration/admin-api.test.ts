// The Admin API on both databases, side by side with the Studio's own routes: the same
// request gets the same answer (status, refusal reason, 409 with the current version),
// because both go through the same use cases and can(). A key writes drafts and asks for
// review; it never publishes, and readers see nothing of what it writes.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { createAccount, signIn } from '@/server/auth/accounts';
import { forgetCachedKeys } from '@/server/api-keys/key-cache';
import { resetRateLimits } from '@/server/api-keys/rate-limit';
import { flushKeyUses } from '@/server/api-keys/usage-log';
import * as adminCreate from '@/app/api/v1/admin/posts/route';
import * as adminPost from '@/app/api/v1/admin/posts/[id]/route';
import * as adminPublication from '@/app/api/v1/admin/posts/[id]/publication/route';
import * as adminDraft from '@/app/api/v1/admin/posts/[id]/translations/[locale]/route';
import * as studioPublication from '@/app/api/v1/studio/posts/[id]/publication/route';
import * as studioDraft from '@/app/api/v1/studio/posts/[id]/translations/[locale]/route';
import { createTestApiKey } from './helpers/api-keys';
import { expectContract } from './helpers/openapi-contract';
import { unique } from './helpers/factories';
import { forgetGlobalDatabase, useAsGlobalDatabase } from './helpers/global-database';
import { testTargets, type TestDatabase } from './helpers/test-databases';

// Outside a Next server there is no cache to revalidate; publishing still calls it.
vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), unstable_cache: <T>(read: T) => read }));

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
const origin = 'http://localhost';
const password = 'a long enough password';

/** Calls a route; every Admin API answer is checked against the OpenAPI document. */
async function send(handler: Handler, path: string, params: Record<string, string>, init: { method: string; auth: Record<string, string>; body?: unknown }) {
  const headers = { ...init.auth, 'content-type': 'application/json', origin, host: 'localhost' };
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const request = new Request(`${origin}${path}`, { method: init.method, headers, body });
  const response = await handler(request, { params: Promise.resolve(params) });
  if (path.startsWith('/api/v1/admin/')) await expectContract(request, response.clone());
  return response;
}

const draftBody = (postId: number, locale: string, expectedRevisionId: number | null, title: string, body = 'Some **words**.') => ({
  postId, locale, title, slug: '', excerpt: '', body, expectedRevisionId, basedOnRevisionId: null,
});

for (const target of testTargets) {
  describe.skipIf(target.skip)(`Admin API (${target.name})`, () => {
    let t: TestDatabase;
    const people: Record<'owner' | 'author' | 'translator', { id: string; key: string; cookie: string }> = {} as never;

    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      useAsGlobalDatabase(t.db);
      for (const role of ['owner', 'author', 'translator'] as const) {
        const email = `${unique(role)}@example.com`;
        const account = await createAccount(t.db, { name: role, email, password, role });
        const session = await signIn(t.db, { email, password }, { headers: new Headers({ 'user-agent': 'vitest' }), address: `10.1.0.${Object.keys(people).length + 1}` });
        const cookie = /duet\.session_token=[^;]+/.exec(session.headers.get('set-cookie') ?? '')![0];
        people[role] = { id: account.id, key: await createTestApiKey(t.db, { scope: 'admin', userId: account.id }), cookie };
      }
    }, 60_000);
    afterAll(async () => {
      await flushKeyUses();
      forgetGlobalDatabase();
      await t?.close();
    });
    beforeEach(() => {
      forgetCachedKeys();
      resetRateLimits();
    });

    const key = (who: keyof typeof people) => ({ authorization: `Bearer ${people[who].key}` });
    const session = (who: keyof typeof people) => ({ cookie: people[who].cookie });

    async function createAs(who: keyof typeof people, title: string, sourceLocale = 'en') {
      const answer = await send(adminCreate.POST, '/api/v1/admin/posts', {}, { method: 'POST', auth: key(who), body: { title, sourceLocale } });
      return { answer, json: await answer.json() };
    }

    it('creates a draft post for the key\'s account, which readers do not see', async () => {
      const { answer, json } = await createAs('owner', 'From a program');
      expect(answer.status).toBe(201);
      expect(answer.headers.get('location')).toBe(`/api/v1/admin/posts/${json.post.id}`);
      expect(json.post).toMatchObject({ sourceLocale: 'en', ownerUserId: people.owner.id, translations: { en: { title: 'From a program', state: 'draft' } }, languages: { en: { status: 'draft', live: null } } });
      expect(await t.db.selectFrom('live_translations').where('post_id', '=', json.post.id).select('slug').execute()).toEqual([]);
      const bad = await send(adminCreate.POST, '/api/v1/admin/posts', {}, { method: 'POST', auth: key('owner'), body: { title: '', sourceLocale: 'fr', extra: 1 } });
      expect(bad.status).toBe(400);
      expect(Object.keys((await bad.json()).error.fields).sort()).toEqual(['_', 'sourceLocale', 'title']);
    });

    it('saves drafts with the Studio\'s 409: the same stale save gets the same answer from both', async () => {
      const { json } = await createAs('owner', 'Shared draft');
      const id = String(json.post.id);
      const first = json.post.translations.en.revisionId;
      const params = { id, locale: 'en' };
      const path = `/api/v1/admin/posts/${id}/translations/en`;
      const saved = await send(adminDraft.PUT, path, params, { method: 'PUT', auth: key('owner'), body: draftBody(json.post.id, 'en', first, 'Saved by the key') });
      expect(saved.status).toBe(200);
      const next = (await saved.json()).translation.revisionId;
      expect(next).toBeGreaterThan(first);

      const stale = draftBody(json.post.id, 'en', first, 'Written over an old version');
      const viaKey = await send(adminDraft.PUT, path, params, { method: 'PUT', auth: key('owner'), body: stale });
      const viaStudio = await send(studioDraft.PUT, `/api/v1/studio/posts/${id}/translations/en`, params, { method: 'PUT', auth: session('owner'), body: stale });
      expect([viaKey.status, viaStudio.status]).toEqual([409, 409]);
      const [a, b] = [await viaKey.json(), await viaStudio.json()];
      expect(a).toEqual(b);
      expect(a.current).toMatchObject({ title: 'Saved by the key', revisionId: next });

      const read = await send(adminPost.GET, `/api/v1/admin/posts/${id}`, { id }, { method: 'GET', auth: key('owner') });
      expect((await read.json()).post.translations.en).toMatchObject({ title: 'Saved by the key', revisionId: next, body: 'Some **words**.' });
    });

    it('asks can() as the Studio does: an author only on their own posts, a translator only on translations', async () => {
      const { json } = await createAs('owner', 'The owner\'s post');
      const id = String(json.post.id);
      const revision = json.post.translations.en.revisionId;
      for (const auth of [key('author'), session('author')]) {
        const [handler, family] = 'authorization' in auth ? [adminDraft.PUT, 'admin'] : [studioDraft.PUT, 'studio'];
        const answer = await send(handler, `/api/v1/${family}/posts/${id}/translations/en`, { id, locale: 'en' }, { method: 'PUT', auth, body: draftBody(json.post.id, 'en', revision, 'Not mine') });
        expect(answer.status).toBe(403);
      }
      const source = await send(adminDraft.PUT, `/api/v1/admin/posts/${id}/translations/en`, { id, locale: 'en' }, { method: 'PUT', auth: key('translator'), body: draftBody(json.post.id, 'en', revision, 'Source by a translator') });
      expect(source.status).toBe(403);
      const translation = await send(adminDraft.PUT, `/api/v1/admin/posts/${id}/translations/zh`, { id, locale: 'zh' }, { method: 'PUT', auth: key('translator'), body: draftBody(json.post.id, 'zh', null, '译者的译文', '一些**文字**。') });
      expect(translation.status).toBe(200);
      expect((await translation.json()).translation).toMatchObject({ locale: 'zh', title: '译者的译文', basedOnRevisionId: revision });

      const own = await createAs('author', 'The author\'s own');
      const mine = await send(adminDraft.PUT, `/api/v1/admin/posts/${own.json.post.id}/translations/en`, { id: String(own.json.post.id), locale: 'en' }, {
        method: 'PUT', auth: key('author'), body: draftBody(own.json.post.id, 'en', own.json.post.translations.en.revisionId, 'Mine'),
      });
      expect(mine.status).toBe(200);
    });

    it('asks for review but never publishes, even for the owner\'s key; the Studio session still may', async () => {
      const { json } = await createAs('owner', 'Needs a look');
      const id = String(json.post.id);
      const path = `/api/v1/admin/posts/${id}/publication`;
      const publish = await send(adminPublication.POST, path, { id }, { method: 'POST', auth: key('owner'), body: { postId: json.post.id, locale: 'en', action: 'publish' } });
      expect(publish.status).toBe(403);
      expect((await publish.json()).error.reason).toBe('api-key-scope');
      const review = await send(adminPublication.POST, path, { id }, { method: 'POST', auth: key('owner'), body: { postId: json.post.id, locale: 'en', action: 'submit-review', note: 'From the app' } });
      expect(review.status).toBe(200);
      expect((await review.json()).post.languages.en.status).toBe('review');
      expect(await t.db.selectFrom('live_translations').where('post_id', '=', json.post.id).select('slug').execute()).toEqual([]);

      const published = await send(studioPublication.POST, `/api/v1/studio/posts/${id}/publication`, { id }, { method: 'POST', auth: session('owner'), body: { postId: json.post.id, locale: 'en', action: 'publish' } });
      expect(published.status).toBe(200);
      expect(await t.db.selectFrom('live_translations').where('post_id', '=', json.post.id).select('title').execute()).toEqual([{ title: 'Needs a look' }]);
    });

    it('takes no session cookie and no content key', async () => {
      const cookieOnly = await send(adminCreate.POST, '/api/v1/admin/posts', {}, { method: 'POST', auth: session('owner'), body: { title: 'x', sourceLocale: 'en' } });
      expect(cookieOnly.status).toBe(401);
      const content = await createTestApiKey(t.db, { scope: 'content', userId: people.owner.id });
      const withContentKey = await send(adminCreate.POST, '/api/v1/admin/posts', {}, { method: 'POST', auth: { authorization: `Bearer ${content}` }, body: { title: 'x', sourceLocale: 'en' } });
      expect(withContentKey.status).toBe(403);
      expect((await withContentKey.json()).error.reason).toBe('api-key-scope');
    });
  });
}
