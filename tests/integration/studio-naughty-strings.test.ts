// Every naughty string (tests/fixtures/naughty-strings.ts) through the Studio's save route
// (PUT /api/v1/studio/posts/{id}/translations/{locale}), called in-process on both
// databases: as a body and as a title, each is refused with a 400 naming the field (or a
// 413 when its JSON outgrows the route's limit) or stored byte for byte as the draft;
// never a 500. The same code runs behind HTTP in the browser suite,
// which keeps one round trip of a few of these strings (tests/e2e/studio.spec.ts).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { draftBody } from '@/db/repositories/live-body';
import { unpackText } from '@/db/stored-text';
import { createStudioRepository } from '@/db/repositories/studio-repository';
import { createAccount, signIn } from '@/server/auth/accounts';
import { closeRenderPool } from '@/server/render/render-pool';
import * as draftRoute from '@/app/api/v1/studio/posts/[id]/translations/[locale]/route';
import { longestFieldLength, mustPreserve, mustRefuse } from '../fixtures/naughty-strings';
import { unique } from './helpers/factories';
import { forgetGlobalDatabase, useAsGlobalDatabase } from './helpers/global-database';
import { testTargets, type TestDatabase } from './helpers/test-databases';

// Outside a Next server there is no cache to revalidate.
vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), revalidatePath: vi.fn(), unstable_cache: <T>(read: T) => read }));

const origin = 'http://localhost';
const password = 'a long enough password';

afterAll(() => closeRenderPool());

for (const target of testTargets) {
  describe.skipIf(target.skip)(`naughty strings through the Studio's save route (${target.name})`, () => {
    let t: TestDatabase;
    let cookie = '';
    let postId = 0;
    const slug = unique('naughty');

    beforeAll(async () => {
      // What is proven here is how a text is taken and kept, not the formatter's time
      // budget (hardening.spec.ts proves that): the longest texts get all the time they
      // need on a busy machine.
      process.env.DUET_RENDER_BASE_MS = '120000';
      t = await target.open();
      await migrateToLatest(t.db);
      useAsGlobalDatabase(t.db);
      const email = `${unique('owner')}@example.com`;
      const owner = await createAccount(t.db, { name: 'Owner', email, password, role: 'owner' });
      const session = await signIn(t.db, { email, password }, { headers: new Headers({ 'user-agent': 'vitest' }), address: '10.3.0.1' });
      cookie = /duet\.session_token=[^;]+/.exec(session.headers.get('set-cookie') ?? '')![0];
      postId = await createStudioRepository(t.db).createDraftPost({ sourceLocale: 'en', title: 'Naughty', userId: owner.id, authorId: null });
    }, 60_000);
    afterAll(async () => {
      delete process.env.DUET_RENDER_BASE_MS;
      forgetGlobalDatabase();
      await t?.close();
    });

    const params = () => Promise.resolve({ id: String(postId), locale: 'en' });
    async function save(fields: { title: string; body: string }, expectedRevisionId: number) {
      const request = new Request(`${origin}/api/v1/studio/posts/${postId}/translations/en`, {
        method: 'PUT',
        headers: { cookie, origin, host: 'localhost', 'content-type': 'application/json' },
        body: JSON.stringify({ postId, locale: 'en', slug, excerpt: '', expectedRevisionId, basedOnRevisionId: null, ...fields }),
      });
      const response = await draftRoute.PUT(request, { params: params() });
      return { status: response.status, json: response.status === 413 ? null : await response.json() };
    }
    // The draft's row as stored (the revisions route would send up to 200 texts each time).
    const latest = () => t.db.selectFrom('post_translations').select('title').select(draftBody().as('body')).where('post_id', '=', postId).where('locale', '=', 'en').executeTakeFirstOrThrow();

    it('refuses each string a field cannot hold with a 400 naming the field, and stores every other byte for byte', { timeout: 240_000 }, async () => {
      let revision = (await createStudioRepository(t.db).getStudioPost(postId))!.translations.en!.revisionId;
      for (const entry of [...mustPreserve, ...mustRefuse]) {
        const asBody = await save({ title: 'Naughty', body: entry.text }, revision);
        if (entry.expect === 'refuse' || [...entry.text].length > longestFieldLength) {
          expect([400, 413], entry.name).toContain(asBody.status);
          if (asBody.status === 400) expect(Object.keys(asBody.json.error.fields ?? {}), entry.name).toContain('body');
        } else {
          expect(asBody.status, entry.name).toBe(200);
          revision = asBody.json.translation.revisionId;
          const stored = await latest();
          expect(unpackText(stored.body) === entry.text, entry.name).toBe(true);
        }
        // Titles: a single line of at most 300 characters, or a 400 naming the title.
        const asTitle = await save({ title: entry.text, body: 'x' }, revision);
        expect(asTitle.status, `title: ${entry.name}`).toBeLessThan(500);
        if (asTitle.status === 200) {
          revision = asTitle.json.translation.revisionId;
          expect((await latest()).title === entry.text, `title: ${entry.name}`).toBe(true);
        } else {
          expect([400, 413], `title: ${entry.name}`).toContain(asTitle.status);
          if (asTitle.status === 400) expect(Object.keys(asTitle.json.error.fields ?? {}), `title: ${entry.name}`).toContain('title');
        }
      }
    });
  });
}
