// The copy of a draft for WeChat or a rich-text editor, on both databases: made from the
// draft's stored rendering (not what is live), in the site's accent, its references headed
// in the text's language; only for who may edit that language; a text never saved is a
// 404 with its reason.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderDocument } from '@/core/markdown/render-document';
import { copyQuery } from '@/core/copy-elsewhere/copy-query';
import { parseTextInputs } from '@/core/content-api/query-schemas';
import type { Db } from '@/db/client';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createAccount } from '@/server/auth/accounts';
import type { StudioUser } from '@/server/auth/session';
import { makePost, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', async () => (await import('./helpers/next-doubles')).nextCacheDouble);
vi.mock('next-intl/server', async () => (await import('./helpers/next-doubles')).nextIntlDouble);

const { copyDraftFor } = await import('@/server/studio/copy-elsewhere');

function useAsSiteDatabase(db: Db | undefined): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('duet.database')] = db;
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`copy for WeChat and rich text (${target.name})`, () => {
    let t: TestDatabase;
    let owner: StudioUser;
    let translator: StudioUser;

    beforeAll(async () => {
      vi.stubEnv('SITE_URL', 'https://duet.example');
      t = await target.open();
      await migrateToLatest(t.db);
      useAsSiteDatabase(t.db);
      const account = async (role: StudioUser['role']) => {
        const email = `${unique(role)}@example.com`.toLowerCase();
        const { id } = await createAccount(t.db, { name: role, email, password: 'long enough pw', role });
        return { id, role, authorId: null, name: role, email } satisfies StudioUser;
      };
      [owner, translator] = [await account('owner'), await account('translator')];
    });
    afterAll(async () => {
      useAsSiteDatabase(undefined);
      vi.unstubAllEnvs();
      await t?.close();
    });

    async function post() {
      const slug = unique('cp');
      return makePost(createContentRepository(t.db, renderDocument), {
        status: 'draft',
        publishedAt: null,
        translations: {
          zh: { slug: `zh-${slug}`, title: `复制 ${slug}`, excerpt: '', body: '看[这里](https://example.com/a)和[公众号](https://mp.weixin.qq.com/s/x)。\n\n![图](/images/a.webp "说明")', state: 'draft' },
          en: { slug, title: `Copy ${slug}`, excerpt: '', body: 'See [here](https://example.com/a).', state: 'draft' },
        },
      });
    }

    it('makes the WeChat copy of the draft, with the references headed in the text’s language', async () => {
      const { id } = await post();
      const zh = await copyDraftFor(owner, String(id), 'zh', { target: 'wechat' });
      expect(zh.references).toBe(1);
      expect(zh.html).toContain('引用链接');
      expect(zh.html).toContain('<a href="https://mp.weixin.qq.com/s/x"');
      expect(zh.html).toContain('src="https://duet.example/images/a.webp"');
      expect(zh.html).not.toMatch(/\sclass=|<style/);
      expect(zh.text).toContain('[1] 这里: https://example.com/a');
      const en = await copyDraftFor(owner, String(id), 'en', { target: 'rich' });
      expect(en.references).toBe(0);
      expect(en.html).toContain('<a href="https://example.com/a"');
      const enWeChat = await copyDraftFor(owner, String(id), 'en', { target: 'wechat' });
      expect(enWeChat.html).toContain('References');
    });

    it('is only for who may edit that language', async () => {
      const { id } = await post();
      await expect(copyDraftFor(translator, String(id), 'zh', { target: 'wechat' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(copyDraftFor(translator, String(id), 'en', { target: 'wechat' })).resolves.toMatchObject({ references: 1 });
      await expect(copyDraftFor(owner, '999999', 'en', { target: 'wechat' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('refuses an unknown target naming the parameter', () => {
      expect(() => parseTextInputs(copyQuery, { target: 'telegram' })).toThrow(expect.objectContaining({ code: 'VALIDATION', fields: { target: ['Must be wechat or rich.'] } }));
      expect(() => parseTextInputs(copyQuery, { target: 'rich', extra: '1' })).toThrow(expect.objectContaining({ fields: { extra: ['Not a parameter of this operation.'] } }));
    });
  });
}
