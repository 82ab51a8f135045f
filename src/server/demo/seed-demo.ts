// Fills an empty database with the demo magazine in demo/ (13 pieces, covers, narration
// and a subtitled video), so a fresh install shows a real site. Runs from `duet seed` and
// at server start; does nothing once any post exists, so it never touches real content.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Media, PerLocale } from '@/core/content/types';
import type { Renderer } from '@/core/markdown/render-document';
import { renderInWorker } from '@/server/render/render-pool';
import { locales, otherLocale, type Locale } from '@/core/locales';
import type { Db } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { importMediaFile, type MediaFolder } from './import-media-file';
import { readDemoContent, type DemoContent, type DemoPost } from './read-demo-content';

export interface SeedDemoOptions {
  /** Where media files are copied (DATA_DIR). */
  dataDir: string;
  /** The demo/ folder of the repository. */
  demoDir: string;
  /** Renders each text before it is saved; the worker pool unless told otherwise. */
  render?: Renderer;
}

type ImportedMedia = Omit<Parameters<ContentRepository['createMedia']>[0], 'alt' | 'caption'>;

interface PostMediaFiles {
  cover: ImportedMedia | null;
  narration: PerLocale<ImportedMedia>;
  video: ImportedMedia | null;
  poster: ImportedMedia | null;
  subtitles: PerLocale<ImportedMedia>;
}

/** Returns how many posts and pages it created: 0 when the database already had content. */
export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<{ posts: number }> {
  if ((await createContentRepository(db).countPosts()) > 0) return { posts: 0 };

  const content = await readDemoContent(options.demoDir);
  // Files first, outside the transaction: they are content-addressed, so a copy left
  // behind by a failed seed is simply reused by the next attempt.
  const files = new Map<string, PostMediaFiles>();
  for (const post of content.posts) files.set(post.key, await importPostMedia(post, content, options));

  // One transaction: a seed that fails half-way leaves no half-seeded database (which
  // the "any post exists" check would otherwise mistake for real content forever).
  return inTransaction(db, async (trx) => {
    const repo = createContentRepository(trx, options.render ?? ((input) => renderInWorker(input)));
    if ((await repo.countPosts()) > 0) return { posts: 0 };

    const authorIds = new Map<string, number>();
    for (const author of content.authors) {
      authorIds.set(author.handle, (await repo.createAuthor(author)).id);
    }
    const tagIds = new Map<string, number>();
    for (const tag of content.tags) {
      tagIds.set(tag.key, (await repo.createTag({ key: tag.key, names: { zh: tag.zh, en: tag.en } })).id);
    }
    for (const locale of locales) {
      await repo.saveSiteSettings(locale, {
        title: content.site.title[locale] ?? content.site.title[otherLocale(locale)],
        description: content.site.description[locale] ?? content.site.description[otherLocale(locale)],
      });
    }

    for (const post of content.posts) {
      await createDemoPost(repo, post, files.get(post.key)!, { authorIds, tagIds });
    }
    return { posts: content.posts.length };
  });
}

async function importPostMedia(post: DemoPost, content: DemoContent, options: SeedDemoOptions): Promise<PostMediaFiles> {
  const mediaDir = join(options.demoDir, 'media');
  const load = async (folder: MediaFolder, name: string): Promise<ImportedMedia | null> => {
    const source = join(mediaDir, folder, name);
    if (!existsSync(source)) return null;
    return importMediaFile({ source, folder, dataDir: options.dataDir, measured: content.manifest.files[`${folder}/${name}`] });
  };
  const required = async (folder: MediaFolder, name: string): Promise<ImportedMedia> => {
    const media = await load(folder, name);
    if (!media) throw new Error(`demo post ${post.key}: missing demo/media/${folder}/${name}`);
    return media;
  };

  const files: PostMediaFiles = { cover: await load('images', `${post.key}.webp`), narration: {}, video: null, poster: null, subtitles: {} };
  for (const locale of locales) {
    if (post.meta.narration) {
      const narration = await load('audios', `${post.key}.${locale}.mp3`);
      if (narration) files.narration[locale] = narration;
    }
    if (post.meta.video) {
      const subtitle = await load('videos', `${post.key}.${locale}.vtt`);
      if (subtitle) files.subtitles[locale] = subtitle;
    }
  }
  if (post.meta.video) {
    files.video = withMp4(await required('videos', `${post.key}.webm`), await load('videos', `${post.key}.mp4`));
    files.poster = await load('images', `${post.key}-poster.webp`);
  }
  return files;
}

/** The video's H.264 copy, made ahead (scripts/make-demo-media.sh) as the server makes one for an upload. */
function withMp4(video: ImportedMedia, mp4: ImportedMedia | null): ImportedMedia {
  if (!mp4?.width || !mp4.height) return video;
  return { ...video, variants: [{ format: 'mp4', path: mp4.path, width: mp4.width, height: mp4.height }] };
}

async function createDemoPost(
  repo: ContentRepository,
  post: DemoPost,
  files: PostMediaFiles,
  ids: { authorIds: Map<string, number>; tagIds: Map<string, number> },
): Promise<void> {
  const { meta } = post;
  const idOf = (map: Map<string, number>, name: string, what: string) => {
    const id = map.get(name);
    if (id === undefined) throw new Error(`demo post ${post.key}: unknown ${what} "${name}"`);
    return id;
  };
  const create = async (media: ImportedMedia | null, alt?: PerLocale<string>): Promise<Media | null> =>
    media ? repo.createMedia({ ...media, alt }) : null;
  const createEach = async (perLocale: PerLocale<ImportedMedia>): Promise<PerLocale<number>> => {
    const result: PerLocale<number> = {};
    for (const locale of locales) {
      const media = await create(perLocale[locale] ?? null);
      if (media) result[locale] = media.id;
    }
    return result;
  };

  const source = meta.sourceLocale;
  const outdated: Locale | undefined = meta.outdatedLocale;
  // For the outdated demo, the source starts as its previous text; the newer one is saved below.
  const initialSource = outdated ? post.previousSource! : post.translations[source]!;
  const published = { state: 'published' as const };
  const translations: Parameters<ContentRepository['createPost']>[0]['translations'] = {
    [source]: { ...initialSource, ...published },
  };
  const other = post.translations[otherLocale(source)];
  if (other) translations[otherLocale(source)] = { ...other, ...published };

  const created = await repo.createPost({
    kind: meta.kind,
    status: 'published',
    featured: meta.featured,
    publishedAt: meta.publishedAt,
    sourceLocale: source,
    authorIds: meta.authors.map((handle) => idOf(ids.authorIds, handle, 'author')),
    tagIds: meta.tags.map((key) => idOf(ids.tagIds, key, 'tag')),
    coverMediaId: (await create(files.cover, meta.coverAlt))?.id ?? null,
    narrationMediaIds: await createEach(files.narration),
    videoMediaId: (await create(files.video))?.id ?? null,
    videoPosterMediaId: (await create(files.poster))?.id ?? null,
    subtitleMediaIds: await createEach(files.subtitles),
    translations,
    // The demo's history starts when each piece was published.
    now: new Date(meta.publishedAt),
  });

  if (outdated) {
    // The source moves on after the translation was made, so the translation is behind.
    await repo.saveTranslation(created.id, source, post.translations[source]!, { basedOnRevisionId: null, state: 'published' });
  }
}
