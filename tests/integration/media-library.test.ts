// The Studio's media library search on both databases: words found in a file's name, in
// its alt text or caption in either language (case folded), a kind, pages of results with
// the total, LIKE's own characters taken literally, and each subtitle's language from the
// post it serves.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaKind } from '@/core/content/types';
import { renderDocument } from '@/core/markdown/render-document';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { searchMediaLibrary } from '@/db/repositories/media-library';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const folder: Record<MediaKind, string> = { image: 'images', audio: 'audios', video: 'videos', subtitle: 'videos' };
const extension: Record<MediaKind, string> = { image: 'webp', audio: 'mp3', video: 'mp4', subtitle: 'vtt' };

for (const target of testTargets) {
  describe.skipIf(target.skip)(`media library search (${target.name})`, () => {
    let t: TestDatabase;
    let repo: ContentRepository;
    const ids: Record<string, number> = {};
    const add = async (name: string, kind: MediaKind, texts: { alt?: Record<string, string>; caption?: Record<string, string> } = {}) => {
      const sha256 = randomBytes(32).toString('hex');
      const made = await repo.createMedia({ kind, path: `/${folder[kind]}/${name}.${sha256.slice(0, 12)}.${extension[kind]}`, mime: 'application/octet-stream', bytes: 2048, sha256, ...texts });
      ids[name] = made.id;
    };
    const search = (query: string, options: { kind?: MediaKind; offset?: number; limit?: number } = {}) =>
      searchMediaLibrary(t.db, { query, kind: options.kind ?? null, offset: options.offset ?? 0, limit: options.limit ?? 50 });
    const names = (result: Awaited<ReturnType<typeof search>>) => result.items.map((m) => m.path.split('/').pop()!.split('.')[0]);

    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      repo = createContentRepository(t.db, renderDocument);
      await add('tea-ceremony', 'image', { alt: { zh: '一只茶碗', en: 'A tea bowl' }, caption: { en: 'The Kettle at dawn' } });
      await add('harbour', 'image', { alt: { zh: '清晨的港口', en: 'A harbour' } });
      await add('tea-and-time-zh', 'audio');
      await add('walk', 'video', { alt: { en: 'A walk by the creek' } });
      await add('walk-subtitles', 'subtitle');
      await repo.createPost({
        kind: 'post',
        status: 'draft',
        sourceLocale: 'zh',
        videoMediaId: ids.walk,
        subtitleMediaIds: { zh: ids['walk-subtitles']! },
        narrationMediaIds: { zh: ids['tea-and-time-zh']! },
        translations: { zh: { slug: `walk-${randomBytes(3).toString('hex')}`, title: '散步', excerpt: '', body: '正文。' } },
      });
    });
    afterAll(() => t?.close());

    it('lists every file, newest first, with the total', async () => {
      const all = await search('');
      expect(names(all)).toEqual(['walk-subtitles', 'walk', 'tea-and-time-zh', 'harbour', 'tea-ceremony']);
      expect(all.total).toBe(5);
    });

    it('finds words in the name, the alt text or the caption, in either language, case folded', async () => {
      expect(names(await search('tea'))).toEqual(['tea-and-time-zh', 'tea-ceremony']);
      expect(names(await search('港口'))).toEqual(['harbour']);
      expect(names(await search('茶碗'))).toEqual(['tea-ceremony']);
      expect(names(await search('kettle'))).toEqual(['tea-ceremony']);
      expect(names(await search('CREEK'))).toEqual(['walk']);
      expect((await search('nothing like this')).total).toBe(0);
    });

    it('narrows to a kind, and pages with the total kept', async () => {
      expect(names(await search('', { kind: 'image' }))).toEqual(['harbour', 'tea-ceremony']);
      expect(names(await search('tea', { kind: 'audio' }))).toEqual(['tea-and-time-zh']);
      const second = await search('', { offset: 2, limit: 2 });
      expect(names(second)).toEqual(['tea-and-time-zh', 'harbour']);
      expect(second.total).toBe(5);
    });

    it('takes % and _ literally', async () => {
      expect((await search('%')).total).toBe(0);
      expect((await search('_')).total).toBe(0);
    });

    it('gives a subtitle or narration the language it serves in', async () => {
      const items = (await search('')).items;
      expect(items.find((m) => m.id === ids['walk-subtitles'])!.languages).toEqual(['zh']);
      expect(items.find((m) => m.id === ids['tea-and-time-zh'])!.languages).toEqual(['zh']);
      expect(items.find((m) => m.id === ids.harbour)!.languages).toEqual([]);
    });
  });
}
