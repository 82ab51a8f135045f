// On both databases: an author's page finds the picture of the account behind the byline
// (only one served by this site), one chosen in the Studio among the library's images
// only, and a video's MP4 copy, made after its upload, is
// recorded on its row and read back with the post.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { renderDocument } from '@/core/markdown/render-document';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { addMediaVariant } from '@/db/repositories/media-variants';
import { findProfilePicture, saveProfilePicture } from '@/db/repositories/profile-picture';
import { makeAuthor, makeImage, makePost, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

for (const target of testTargets) {
  describe.skipIf(target.skip)(`author pictures and video copies (${target.name})`, () => {
    let t: TestDatabase;
    let repo: ContentRepository;

    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      repo = createContentRepository(t.db, renderDocument);
    });
    afterAll(async () => {
      await t?.close();
    });

    async function authorWithAccountImage(image: string | null) {
      const author = await makeAuthor(repo);
      const id = unique('user');
      const now = new Date().toISOString();
      await t.db
        .insertInto('auth_users')
        .values({ id, name: 'Ana', email: `${id}@example.com`, email_verified: 0, image, role: 'author', created_at: now, updated_at: now })
        .execute();
      await t.db.updateTable('authors').set({ user_id: id }).where('id', '=', author.id).execute();
      return author;
    }

    it('gives an author the library picture of their account, with its smaller copies', async () => {
      const picture = await makeImage(repo);
      const variant = { width: 480, height: 270, format: 'webp' as const, path: picture.path.replace('.webp', '.w480.webp') };
      await t.db.updateTable('media').set({ variants: JSON.stringify([variant]) }).where('id', '=', picture.id).execute();
      const author = await authorWithAccountImage(picture.path);
      const found = await repo.findAuthorByHandle(author.handle);
      expect(found?.avatar).toEqual({ path: picture.path, variants: [variant] });
    });

    it('ignores a picture on another site, and an author with no account has none', async () => {
      const remote = await authorWithAccountImage('https://gravatar.example/avatar/abc');
      expect((await repo.findAuthorByHandle(remote.handle))?.avatar).toBeNull();
      const noAccount = await makeAuthor(repo);
      expect((await repo.findAuthorByHandle(noAccount.handle))?.avatar).toBeNull();
    });

    it('saves a library image as the account\'s picture, shows it, and takes it away again', async () => {
      const author = await authorWithAccountImage(null);
      const userId = (await t.db.selectFrom('authors').select('user_id').where('id', '=', author.id).executeTakeFirstOrThrow()).user_id!;
      expect(await findProfilePicture(t.db, userId)).toBeNull();
      const picture = await makeImage(repo);
      await saveProfilePicture(t.db, userId, picture.id);
      expect(await findProfilePicture(t.db, userId)).toBe(picture.id);
      expect((await repo.findAuthorByHandle(author.handle))?.avatar?.path).toBe(picture.path);
      await saveProfilePicture(t.db, userId, null);
      expect(await findProfilePicture(t.db, userId)).toBeNull();
      expect((await repo.findAuthorByHandle(author.handle))?.avatar).toBeNull();
    });

    it('refuses a picture that is not a library image, and keeps the one there was', async () => {
      const author = await authorWithAccountImage(null);
      const userId = (await t.db.selectFrom('authors').select('user_id').where('id', '=', author.id).executeTakeFirstOrThrow()).user_id!;
      const picture = await makeImage(repo);
      await saveProfilePicture(t.db, userId, picture.id);
      const audio = await repo.createMedia({ kind: 'audio', path: `/audios/${unique('talk')}.0123456789ab.mp3`, mime: 'audio/mpeg', bytes: 10, sha256: 'b'.repeat(64) });
      for (const id of [audio.id, 987_654_321]) {
        await expect(saveProfilePicture(t.db, userId, id)).rejects.toMatchObject({ code: 'VALIDATION', fields: { imageMediaId: [expect.any(String)] } });
      }
      expect(await findProfilePicture(t.db, userId)).toBe(picture.id);
    });

    it('records a video\'s MP4 copy, learning the video\'s frame size from it', async () => {
      const video = await repo.createMedia({ kind: 'video', path: `/videos/${unique('walk')}.0123456789ab.webm`, mime: 'video/webm', bytes: 10, sha256: 'a'.repeat(64) });
      const post = await makePost(repo, { videoMediaId: video.id });
      const mp4 = { format: 'mp4' as const, path: video.path.replace(/\.webm$/, '.h264.mp4'), width: 640, height: 360 };
      expect(await addMediaVariant(t.db, video.id, mp4)).toBe(true);
      // Made again (the same upload once more): still one copy.
      expect(await addMediaVariant(t.db, video.id, mp4)).toBe(true);
      const read = await repo.findPostBySlug('en', post.translations.en!.slug);
      expect(read?.post.video).toMatchObject({ width: 640, height: 360, variants: [mp4] });
      expect(await addMediaVariant(t.db, 987_654_321, mp4)).toBe(false);
    });
  });
}
