// After an upgrade of the renderer (a new renderVersion), the start-up refresh renders the
// stored texts again on both databases: the live text readers get and the draft the Studio
// edits both carry the new derived lead, and readers' queries and search results give it
// without anyone publishing (the refresh asks once for the pages to be revalidated).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocument, renderVersion } from '@/core/markdown/render-document';
import { migrateToLatest } from '@/db/migrate';
import { readPreviewContent } from '@/db/newsletters/preview-content';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { createSearchRepository } from '@/db/repositories/search-repository';
import { closeRenderPool } from '@/server/render/render-pool';
import { refreshStaleRenders } from '@/server/render/refresh-renders';
import { unique } from './helpers/factories';
import { forgetGlobalDatabase, useAsGlobalDatabase } from './helpers/global-database';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const body = '## 缘起\n\n- 字体：思源宋体\n- 排版：标点挤压\n\nWe have been writing in two languages for years, and this is what we learned on the way. The rest follows.\n';
const lead = 'We have been writing in two languages for years, and this is what we learned on the way. The rest follows.';
/** What the older renderer stored: the heading and the list glued to the prose. */
const glued = `缘起字体：思源宋体排版：标点挤压${lead}`;

afterAll(() => closeRenderPool());

for (const target of testTargets) {
  describe.skipIf(target.skip)(`refreshing stored renderings (${target.name})`, () => {
    let t: TestDatabase;
    let repo: ContentRepository;
    let newsletter: number;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      useAsGlobalDatabase(t.db);
      repo = createContentRepository(t.db, renderDocument);
      newsletter = Number((await t.db.insertInto('newsletters').values({ name_zh: '周刊', name_en: 'Weekly', is_default: 1, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id);
    });
    afterAll(async () => {
      forgetGlobalDatabase();
      await t?.close();
    });

    it('gives readers the new lead of a published text, without a publish', async () => {
      const slug = unique('lead');
      const word = `zq${slug.replace(/\W/g, '')}`;
      const post = await repo.createPost({
        kind: 'post',
        status: 'published',
        publishedAt: new Date(Date.now() - 3600_000),
        sourceLocale: 'en',
        translations: { en: { slug, title: `Origins ${word}`, excerpt: '', body, state: 'published' } },
      });
      const id = post.translations.en!.id;
      // As an older version of Duet left it.
      for (const table of ['post_translations', 'live_translations'] as const) {
        const key = table === 'post_translations' ? 'id' : 'translation_id';
        await sql`update ${sql.table(table)} set derived_excerpt = ${glued}, render_version = ${renderVersion - 1} where ${sql.ref(key)} = ${id}`.execute(t.db);
      }
      await repo.reindexPost(post.id);
      expect((await repo.findPostBySlug('en', slug))!.post.translations.en!.excerpt).toBe(glued);

      let revalidated = 0;
      // The live text is rendered again; its draft, published as it is, shares that
      // rendering (shared-rendering.ts) and follows it without a second render.
      expect(await refreshStaleRenders(async () => void (revalidated += 1))).toBeGreaterThanOrEqual(1);
      expect(revalidated).toBe(1);

      const live = await t.db.selectFrom('live_translations').select(['derived_excerpt', 'render_version']).where('translation_id', '=', id).executeTakeFirstOrThrow();
      const draft = await t.db.selectFrom('post_translations').select(['derived_excerpt', 'render_version']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(live).toEqual({ derived_excerpt: lead, render_version: renderVersion });
      // The draft keeps no copy of the excerpt either: it reads the live row's.
      expect(draft).toEqual({ derived_excerpt: null, render_version: renderVersion });
      expect(Object.values((await readPreviewContent(t.db, post.id, 'en', newsletter))!.live).map((text) => text.excerpt)).toEqual([lead]);
      // What readers get: the article, lists and search results.
      expect((await repo.findPostBySlug('en', slug))!.post.translations.en!.excerpt).toBe(lead);
      const hits = await createSearchRepository(t.db).search({ query: word, page: 1, pageSize: 5 });
      expect(hits.items.map((h) => h.excerpt)).toEqual([lead]);
      // Nothing left to do the second time.
      expect(await refreshStaleRenders()).toBe(0);
    }, 60_000);
  });
}
