// The glossary and the translation checks on both databases, through the Studio's routes:
// terms kept by owners and editors and only read by translators, CSV and TBX files that
// come back as they went out (and a bad file that changes nothing), and a translation
// missing a block that Publish refuses until someone who may publish dismisses the check.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { createAccount, signIn } from '@/server/auth/accounts';
import { createContentRepository } from '@/db/repositories/content-repository';
import { renderDocument } from '@/core/markdown/render-document';
import * as glossaryRoute from '@/app/api/v1/studio/glossary/route';
import * as termRoute from '@/app/api/v1/studio/glossary/[termId]/route';
import * as fileRoute from '@/app/api/v1/studio/glossary/file/route';
import * as checksRoute from '@/app/api/v1/studio/posts/[id]/translations/[locale]/checks/route';
import * as publicationRoute from '@/app/api/v1/studio/posts/[id]/publication/route';
import { makePost, unique } from './helpers/factories';
import { forgetGlobalDatabase, useAsGlobalDatabase } from './helpers/global-database';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', async () => (await import('./helpers/next-doubles')).nextCacheDouble);

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
const origin = 'http://localhost';
const password = 'a long enough password';
type Person = 'owner' | 'editor' | 'translator';

for (const target of testTargets) {
  describe.skipIf(target.skip)(`glossary and checks (${target.name})`, () => {
    let t: TestDatabase;
    const cookies = {} as Record<Person, string>;

    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      useAsGlobalDatabase(t.db);
      for (const [i, role] of (['owner', 'editor', 'translator'] as const).entries()) {
        const email = `${unique(role)}@example.com`;
        await createAccount(t.db, { name: role, email, password, role });
        const session = await signIn(t.db, { email, password }, { headers: new Headers({ 'user-agent': 'vitest' }), address: `10.2.0.${i + 1}` });
        cookies[role] = /duet\.session_token=[^;]+/.exec(session.headers.get('set-cookie') ?? '')![0];
      }
    }, 60_000);
    afterAll(async () => {
      forgetGlobalDatabase();
      await t?.close();
    });

    async function send(handler: Handler, path: string, who: Person, init: { method?: string; body?: unknown; raw?: string; params?: Record<string, string> } = {}) {
      const headers: Record<string, string> = { cookie: cookies[who], origin, host: 'localhost' };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
      return handler(new Request(`${origin}${path}`, { method: init.method ?? 'GET', headers, body }), { params: Promise.resolve(init.params ?? {}) });
    }
    const list = async (who: Person, q = '') => (await (await send(glossaryRoute.GET, `/api/v1/studio/glossary?q=${encodeURIComponent(q)}`, who)).json()).terms as { id: number; zh: string; en: string }[];

    it('lets owners and editors keep terms and translators only read them', async () => {
      const term = { zh: '术语表', en: 'glossary', note: 'Not "word list".', doNotTranslate: false, forbidden: ['termbase', '词汇表'] };
      const added = await send(glossaryRoute.POST, '/api/v1/studio/glossary', 'editor', { method: 'POST', body: term });
      expect(added.status).toBe(201);
      const { id } = (await added.json()).term;
      expect(await list('translator')).toEqual([{ id, ...term }]);

      const refused = await send(glossaryRoute.POST, '/api/v1/studio/glossary', 'translator', { method: 'POST', body: { ...term, zh: '记忆' } });
      expect(refused.status).toBe(403);
      const twice = await send(glossaryRoute.POST, '/api/v1/studio/glossary', 'owner', { method: 'POST', body: term });
      expect(twice.status).toBe(409);
      const bad = await send(glossaryRoute.POST, '/api/v1/studio/glossary', 'owner', { method: 'POST', body: { ...term, zh: '', extra: 1 } });
      expect(bad.status).toBe(400);

      const changed = await send(termRoute.PUT, `/api/v1/studio/glossary/${id}`, 'owner', { method: 'PUT', body: { ...term, note: 'Changed.' }, params: { termId: String(id) } });
      expect((await changed.json()).term.note).toBe('Changed.');
      await send(glossaryRoute.POST, '/api/v1/studio/glossary', 'owner', { method: 'POST', body: { zh: '翻译记忆', en: 'translation memory', note: '', doNotTranslate: false, forbidden: [] } });
      expect((await list('translator', 'MEMORY')).map((x) => x.en)).toEqual(['translation memory']);
      expect((await list('translator', '词汇')).map((x) => x.en)).toEqual(['glossary']);

      expect((await send(termRoute.DELETE, `/api/v1/studio/glossary/${id}`, 'translator', { method: 'DELETE', params: { termId: String(id) } })).status).toBe(403);
      expect((await send(termRoute.DELETE, `/api/v1/studio/glossary/${id}`, 'editor', { method: 'DELETE', params: { termId: String(id) } })).status).toBe(204);
      expect((await list('owner')).map((x) => x.en)).toEqual(['translation memory']);
    });

    it('exports CSV and TBX that import back to the same glossary, and a bad file changes nothing', async () => {
      await send(glossaryRoute.POST, '/api/v1/studio/glossary', 'owner', { method: 'POST', body: { zh: 'Duet', en: 'Duet', note: 'The name.\nKept as is.', doNotTranslate: true, forbidden: ['二重奏'] } });
      for (const format of ['csv', 'tbx'] as const) {
        const before = await (await send(fileRoute.GET, `/api/v1/studio/glossary/file?format=${format}`, 'translator')).text();
        for (const term of await list('owner')) await send(termRoute.DELETE, '/', 'owner', { method: 'DELETE', params: { termId: String(term.id) } });
        expect(await list('owner')).toEqual([]);
        const imported = await send(fileRoute.POST, `/api/v1/studio/glossary/file?format=${format}`, 'editor', { method: 'POST', raw: before });
        expect((await imported.json()).report).toEqual({ added: 2, updated: 0 });
        expect(await (await send(fileRoute.GET, `/api/v1/studio/glossary/file?format=${format}`, 'owner')).text()).toBe(before);
      }
      const kept = await list('owner');
      const broken = 'zh,en\n甲,A\n乙,\n';
      const answer = await send(fileRoute.POST, '/api/v1/studio/glossary/file?format=csv', 'owner', { method: 'POST', raw: broken });
      expect(answer.status).toBe(400);
      const { error } = await answer.json();
      expect(error.message).toContain('Line 3');
      expect(error.details).toEqual({ line: 3 });
      const tbx = await send(fileRoute.POST, '/api/v1/studio/glossary/file?format=tbx', 'owner', { method: 'POST', raw: '<tbx>\n<text><body>\n<conceptEntry></body></text></tbx>' });
      expect(tbx.status).toBe(400);
      expect((await tbx.json()).error.details.line).toBe(3);
      expect(await list('owner')).toEqual(kept);
      expect((await send(fileRoute.POST, '/api/v1/studio/glossary/file?format=csv', 'translator', { method: 'POST', raw: 'zh,en\n丙,C\n' })).status).toBe(403);
    });

    it('refuses to publish a translation with a blocking check until someone who may publish dismisses it', async () => {
      const content = createContentRepository(t.db, renderDocument);
      const post = await makePost(content, {
        translations: {
          zh: { slug: unique('zh'), title: '标题', excerpt: '', body: '第一段，Duet 很好。\n\n第二段。', state: 'published' },
          en: { slug: unique('en'), title: 'Title', excerpt: '', body: 'The first paragraph: Duet is good.', state: 'draft' },
        },
      });
      const id = String(post.id);
      const checksPath = `/api/v1/studio/posts/${id}/translations/en/checks`;
      const shown = await (await send(checksRoute.GET, checksPath, 'translator', { params: { id, locale: 'en' } })).json();
      const missing = shown.checks.find((c: { code: string }) => c.code === 'block-missing');
      expect(missing).toMatchObject({ severity: 'blocking', sourceBlock: 1, targetBlock: null, dismissal: null });

      const publish = () => send(publicationRoute.POST, `/api/v1/studio/posts/${id}/publication`, 'owner', { method: 'POST', body: { postId: post.id, locale: 'en', action: 'publish' }, params: { id } });
      const refused = await publish();
      expect(refused.status).toBe(409);
      const { error } = await refused.json();
      expect(error.reason).toBe('blocking-checks');
      expect(error.details.checks).toEqual([expect.objectContaining({ code: 'block-missing', sourceBlock: 1 })]);
      expect(await t.db.selectFrom('live_translations').where('post_id', '=', post.id).where('locale', '=', 'en').select('title').execute()).toEqual([]);

      const dismissal = { revisionId: shown.revisionId, key: missing.key, code: missing.code, reason: 'The second paragraph is left out on purpose.' };
      const byTranslator = await send(checksRoute.POST, checksPath, 'translator', { method: 'POST', body: dismissal, params: { id, locale: 'en' } });
      expect(byTranslator.status).toBe(403);
      expect((await publish()).status).toBe(409);

      const byOwner = await send(checksRoute.POST, checksPath, 'owner', { method: 'POST', body: dismissal, params: { id, locale: 'en' } });
      expect(byOwner.status).toBe(200);
      const after = await byOwner.json();
      expect(after.checks.find((c: { key: string }) => c.key === missing.key).dismissal).toMatchObject({ reason: dismissal.reason, dismissedByName: 'owner' });

      expect((await publish()).status).toBe(200);
      expect(await t.db.selectFrom('live_translations').where('post_id', '=', post.id).where('locale', '=', 'en').select('title').execute()).toEqual([{ title: 'Title' }]);
    });
  });
}
