// Stores an ImportDocument (core/import/) in Duet: one transaction per post, so a failure
// loses nothing already imported and leaves nothing half-made; authors and tags found by
// their source id (or an existing tag's slug) before any is created; each source id
// recorded, so a second run creates nothing twice. A page at an address the site already
// has is held back as a draft (core/import/hold-duplicate-pages.ts). A dry run reads the
// same decisions and writes nothing. Texts keep their status: published ones go live, drafts, pending and
// private texts stay drafts, scheduled ones are scheduled.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { holdDuplicatePages, wantedSlug } from '@/core/import/hold-duplicate-pages';
import type { ImportDocument, ImportPost, ImportText } from '@/core/import/import-document';
import type { Renderer } from '@/core/markdown/render-document';
import { slugify } from '@/core/content/slugify';
import { locales, type Locale } from '@/core/locales';
import type { Db } from '@/db/client';
import { freeHandle } from '@/db/repositories/authors';
import { createContentWriter } from '@/db/repositories/content-writer';
import { createImportSources } from '@/db/repositories/import-sources';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';
import { createRedirects } from '@/db/repositories/redirects';
import { listSitePages } from '@/db/repositories/site-pages';
import { freeTagKey, tagIdBySlug } from '@/db/repositories/tags';
import { uniqueSlug } from '@/db/repositories/unique-slug';
import { inTransaction } from '@/db/transaction';
import { emptyReport, reportPost, type ImportReport } from './import-report';
import { ImportMediaLibrary, type ImportFiles } from './import-media';

export interface ImportRunOptions {
  render: Renderer;
  dataDir: string;
  files: ImportFiles | null;
  dryRun: boolean;
  onProgress?: (done: number, total: number) => void;
  /**
   * Which site the source ids belong to, so two sites' "post 1" are not taken for one:
   * by default the kind and the site's address; the CLI adds the folder for Hugo.
   */
  sourceKey?: string;
}

type Entity = 'post' | 'author' | 'tag';

const knownIds = (db: Db, kind: string, entity: Entity) => createImportSources(db).knownIds(kind, entity);

const remember = (trx: Db, kind: string, entity: Entity, sourceId: string, duetId: number) => createImportSources(trx).remember(kind, entity, sourceId, duetId);

/** The language a pair was written in first: the earlier text, Chinese on a tie. */
function sourceLocaleOf(post: ImportPost): Locale {
  const texts = locales.flatMap((l) => (post.texts[l] ? [post.texts[l]!] : []));
  texts.sort((a, b) => (a.createdAt ?? a.publishedAt ?? '').localeCompare(b.createdAt ?? b.publishedAt ?? '') || (a.locale === 'zh' ? -1 : 1));
  return texts[0]!.locale;
}

export async function runImport(db: Db, source: ImportDocument, options: ImportRunOptions): Promise<ImportReport> {
  const kind = options.sourceKey ?? `${source.source.kind} ${source.source.siteUrl ?? ''}`.trim();
  const posts = await knownIds(db, kind, 'post');
  // A page at an address the site already has arrives as a draft, reported: one header link each.
  const { document } = holdDuplicatePages(source, await listSitePages(db), (post) => !posts.has(post.sourceId));
  const report = emptyReport(document, options.dryRun);
  const authors = await knownIds(db, kind, 'author');
  const tags = await knownIds(db, kind, 'tag');
  const library = new ImportMediaLibrary(db, kind, options.files, options.dataDir, report.warnings);
  const authorsById = new Map(document.authors.map((a) => [a.sourceId, a]));
  const tagsById = new Map(document.tags.map((t) => [t.sourceId, t]));

  for (const [index, post] of document.posts.entries()) {
    options.onProgress?.(index, document.posts.length);
    const existing = posts.get(post.sourceId);
    if (existing !== undefined) {
      report.counts.alreadyImported += 1;
      report.posts.push(reportPost(post, 'exists', existing));
      continue;
    }
    if (options.dryRun) {
      report.counts.created += 1;
      report.posts.push(reportPost(post, 'create', null));
      continue;
    }
    try {
      const made = await importPost(db, post, { kind, options, library, authors, tags, authorsById, tagsById });
      posts.set(post.sourceId, made.postId);
      for (const [sourceId, id] of made.authors) authors.set(sourceId, id);
      for (const [sourceId, id] of made.tags) tags.set(sourceId, id);
      report.counts.created += 1;
      report.posts.push(reportPost(post, 'create', made.postId));
    } catch (error) {
      report.counts.failed += 1;
      report.posts.push(reportPost(post, 'failed', null, (error as Error).message));
    }
    // One turn of the event loop per post: better-sqlite3 frees a prepared statement in a
    // finalizer that only runs between turns, and with a renderer that answers at once
    // (tests, empty bodies) thousands of posts would hold every statement they prepared.
    await nextTurn();
  }
  options.onProgress?.(document.posts.length, document.posts.length);
  report.counts.mediaImported = library.imported;
  report.counts.mediaMissing = library.missing;
  report.finishedAt = new Date().toISOString();
  return report;
}

interface PostContext {
  kind: string;
  options: ImportRunOptions;
  library: ImportMediaLibrary;
  authors: Map<string, number>;
  tags: Map<string, number>;
  authorsById: Map<string, ImportDocument['authors'][number]>;
  tagsById: Map<string, ImportDocument['tags'][number]>;
}

/** The text with the files that came along pointing at the library. */
async function withLibraryMedia(text: ImportText, library: ImportMediaLibrary): Promise<string> {
  let body = text.body;
  for (const ref of text.media) {
    const stored = await library.resolve(ref, text.locale, text.sourceId);
    if (stored && ref.source && ref.source !== stored.path) body = body.split(ref.source).join(stored.path);
  }
  return body;
}

async function importPost(db: Db, post: ImportPost, ctx: PostContext) {
  const sourceLocale = sourceLocaleOf(post);
  const texts = locales.flatMap((l) => (post.texts[l] ? [post.texts[l]!] : []));
  // Files first (outside the transaction): stored once, reused by a retry.
  const bodies = new Map<Locale, string>();
  for (const text of texts) bodies.set(text.locale, await withLibraryMedia(text, ctx.library));
  const cover = post.cover ? await ctx.library.resolve(post.cover, sourceLocale, post.sourceId) : null;
  const made = { authors: new Map<string, number>(), tags: new Map<string, number>() };

  const postId = await inTransaction(db, async (trx) => {
    const authorIds: number[] = [];
    for (const sourceId of post.authors) authorIds.push(ctx.authors.get(sourceId) ?? made.authors.get(sourceId) ?? (await createAuthor(trx, ctx, sourceId, made.authors)));
    const tagIds: number[] = [];
    for (const sourceId of post.tags) tagIds.push(ctx.tags.get(sourceId) ?? made.tags.get(sourceId) ?? (await findOrCreateTag(trx, ctx, sourceId, made.tags)));

    const translations: Parameters<ReturnType<typeof createContentWriter>['createPost']>[0]['translations'] = {};
    for (const text of texts) {
      const slug = await uniqueSlug(trx, text.locale, wantedSlug(text), null);
      translations[text.locale] = {
        slug,
        title: text.title || slug,
        excerpt: text.excerpt,
        body: bodies.get(text.locale)!,
        seoTitle: text.seoTitle,
        seoDescription: text.seoDescription,
        state: text.status === 'published' ? 'published' : 'draft',
      };
    }
    const published = texts.filter((t) => t.status === 'published');
    const first = texts.map((t) => t.createdAt ?? t.publishedAt).filter((d): d is string => Boolean(d)).sort()[0];
    const created = await createContentWriter(trx, ctx.options.render).createPost({
      kind: post.kind,
      status: published.length > 0 ? 'published' : 'draft',
      featured: post.featured,
      publishedAt: published.map((t) => t.publishedAt).filter((d): d is string => Boolean(d)).sort()[0] ?? null,
      sourceLocale,
      authorIds: [...new Set(authorIds)],
      tagIds,
      coverMediaId: cover?.id ?? null,
      translations,
      now: first ? new Date(first) : new Date(),
      // Published before, elsewhere: webhooks are not told of hundreds of old texts at once.
      isImported: true,
    });
    for (const text of texts) {
      if (text.status === 'scheduled' && text.publishedAt) await createPublishingRepository(trx).schedule(created.id, text.locale, new Date(text.publishedAt));
    }
    await remember(trx, ctx.kind, 'post', post.sourceId, created.id);
    // Old addresses (Hugo aliases) lead to the text from now on.
    for (const text of texts) if (text.redirects?.length) await createRedirects(trx).add(created.id, text.locale, text.redirects);
    return created.id;
  });
  return { postId, ...made };
}

async function createAuthor(trx: Db, ctx: PostContext, sourceId: string, made: Map<string, number>): Promise<number> {
  const author = ctx.authorsById.get(sourceId);
  const base = slugify(author?.handle || sourceId, 'en') || 'author';
  const handle = (await freeHandle(trx, base))!;
  const name = author && Object.keys(author.name).length > 0 ? author.name : { en: handle };
  const created = await createContentWriter(trx).createAuthor({ handle, name, bio: author?.bio ?? {} });
  await remember(trx, ctx.kind, 'author', sourceId, created.id);
  made.set(sourceId, created.id);
  return created.id;
}

/** A tag the site already has under the same slug is reused rather than doubled. */
async function findOrCreateTag(trx: Db, ctx: PostContext, sourceId: string, made: Map<string, number>): Promise<number> {
  const tag = ctx.tagsById.get(sourceId);
  const names = tag?.names ?? { en: { name: sourceId, slug: slugify(sourceId, 'en') } };
  let id: number | undefined;
  for (const locale of locales) {
    const text = names[locale];
    if (!text) continue;
    id ??= await tagIdBySlug(trx, locale, text.slug);
  }
  if (id === undefined) {
    const key = slugify(Object.values(names)[0]?.slug || sourceId, 'en') || `tag-${made.size + 1}`;
    id = (await createContentWriter(trx).createTag({ key: await freeTagKey(trx, key), names })).id;
  }
  await remember(trx, ctx.kind, 'tag', sourceId, id);
  made.set(sourceId, id);
  return id;
}
