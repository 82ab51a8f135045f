// The Studio's writes around posts on both databases (tags.ts, authors.ts, media-files.ts
// with the lookups uploads and the media index make, accounts.ts, the time zone in site-settings.ts): tags and author profiles replaced
// per language, media texts, and roles that never leave the site without an owner (the
// site's settings: site-identity.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/core/errors/app-error';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createAccountRepository } from '@/db/repositories/accounts';
import { createAuthorRepository } from '@/db/repositories/authors';
import { createMediaFiles } from '@/db/repositories/media-files';
import { createSiteSettings } from '@/db/repositories/site-settings';
import { createTagRepository } from '@/db/repositories/tags';
import { createAccount } from '@/server/auth/accounts';
import { unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

function repositories(t: TestDatabase) {
  return {
    ...createTagRepository(t.db),
    ...createAuthorRepository(t.db),
    ...createMediaFiles(t.db),
    ...createAccountRepository(t.db),
    getTimeZone: createSiteSettings(t.db).getTimeZone,
    saveTimeZone: createSiteSettings(t.db).saveTimeZone,
  };
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`studio admin (${target.name})`, () => {
    let t: TestDatabase;
    // The Studio's repositories around posts, one per aggregate.
    let admin: ReturnType<typeof repositories>;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      admin = repositories(t);
    });
    afterAll(() => t?.close());

    it('creates and replaces a tag, languages and all', async () => {
      const key = unique('tag');
      const id = await admin.saveTag(null, { key, names: { zh: { name: '茶', slug: `cha-${key}` }, en: { name: 'Tea', slug: `tea-${key}` } } });
      await admin.saveTag(id, { key, names: { en: { name: 'Tea & time', slug: `tea-${key}` } } });
      const tag = (await admin.listTags()).find((x) => x.id === id)!;
      expect(tag.names).toEqual({ en: { name: 'Tea & time', slug: `tea-${key}` } });
      const other = unique('tag');
      const clash = await admin.saveTag(null, { key: other, names: { en: { name: 'Dup', slug: `tea-${key}` } } }).catch((e: unknown) => e);
      expect((clash as AppError).code).toBe('CONFLICT');
    });

    it('keeps a description per language: saved, kept by a save without them, and never replaced by an import\'s', async () => {
      const key = unique('tag');
      const names = { zh: { name: '园子', slug: `yuanzi-${key}` }, en: { name: 'Garden', slug: `garden-${key}` } };
      const id = await admin.saveTag(null, { key, names, descriptions: { en: 'What grows here.\n\nAnd what does not.' } });
      const read = async () => (await admin.listTags()).find((x) => x.id === id)!.descriptions;
      expect(await read()).toEqual({ en: 'What grows here.\n\nAnd what does not.' });
      await admin.saveTag(id, { key, names });
      expect(await read()).toEqual({ en: 'What grows here.\n\nAnd what does not.' });
      await admin.fillDescriptions(id, { zh: '园子里长什么。', en: 'An import\'s words.' });
      expect(await read()).toEqual({ zh: '园子里长什么。', en: 'What grows here.\n\nAnd what does not.' });
      await admin.saveTag(id, { key, names, descriptions: { zh: '只留中文。' } });
      expect(await read()).toEqual({ zh: '只留中文。' });
    });

    it('replaces an author profile and a media file\'s texts', async () => {
      const user = await createAccount(t.db, { name: '作者', email: `${unique('a')}@example.com`, password: 'long password', role: 'author' });
      const author = (await admin.listAuthors()).find((a) => a.userId === user.id)!;
      await admin.saveAuthor(author.id, { handle: author.handle, name: { zh: '林', en: 'Lin' }, bio: { en: 'Writes <b>tea</b>.' } });
      expect((await admin.listAuthors()).find((a) => a.id === author.id)).toMatchObject({ name: { zh: '林', en: 'Lin' }, bio: { en: 'Writes <b>tea</b>.' } });
      const media = await createContentRepository(t.db).createMedia({ kind: 'image', path: `/images/${unique('m')}.0123456789ab.png`, mime: 'image/png', bytes: 1, sha256: 'c'.repeat(64) });
      await admin.saveMediaTexts({ mediaId: media.id, alt: { zh: '一杯茶', en: 'A cup of tea' }, caption: {} });
      const rows = await t.db.selectFrom('media_texts').selectAll().where('media_id', '=', media.id).orderBy('locale').execute();
      expect(rows.map((r) => [r.locale, r.alt, r.caption])).toEqual([['en', 'A cup of tea', null], ['zh', '一杯茶', null]]);
    });

    it('finds a file by its path, sums the library, and sizes its images for rendering', async () => {
      const before = await admin.totalBytes();
      const content = createContentRepository(t.db);
      const path = `/images/${unique('sized')}.0123456789ab.png`;
      const image = await content.createMedia({
        kind: 'image', path, mime: 'image/png', bytes: 3000, sha256: 'd'.repeat(64), width: 1600, height: 900,
        variants: [{ width: 800, height: 450, format: 'webp', path: `${path}.800.webp` }, { width: 800, height: 450, format: 'avif', path: `${path}.800.avif` }],
      });
      await content.createMedia({ kind: 'image', path: `/images/${unique('unsized')}.0123456789ab.png`, mime: 'image/png', bytes: 500, sha256: 'e'.repeat(64) });
      expect(await admin.findByPath(path)).toEqual({ id: image.id, path });
      expect(await admin.findByPath(`${path}.missing`)).toBeUndefined();
      // PostgreSQL sums to a string: the total is a number on both.
      expect(await admin.totalBytes()).toBe(before + 3500);
      const sizes = await admin.imageSizes();
      expect(sizes.get(path)).toEqual({ width: 1600, height: 900, variants: [{ width: 800, path: `${path}.800.webp` }] });
      expect([...sizes.keys()].some((p) => p.includes('unsized'))).toBe(false);
    });

    it('changes roles and removes accounts, but never the last owner', async () => {
      const owner = await createAccount(t.db, { name: 'Owner', email: `${unique('o')}@example.com`, password: 'long password', role: 'owner' });
      const owners = await t.db.selectFrom('auth_users').select('id').where('role', '=', 'owner').execute();
      for (const o of owners) if (o.id !== owner.id) await t.db.updateTable('auth_users').set({ role: 'admin' }).where('id', '=', o.id).execute();
      expect(((await admin.setRole(owner.id, 'editor').catch((e: unknown) => e)) as AppError).code).toBe('CONFLICT');
      expect(((await admin.removeUser(owner.id).catch((e: unknown) => e)) as AppError).code).toBe('CONFLICT');
      const editor = await createAccount(t.db, { name: 'Ed', email: `${unique('e')}@example.com`, password: 'long password', role: 'editor' });
      await admin.setRole(editor.id, 'translator');
      expect((await admin.getUser(editor.id))?.role).toBe('translator');
      await admin.removeUser(editor.id);
      expect(await admin.getUser(editor.id)).toBeUndefined();
    });
  });
}
