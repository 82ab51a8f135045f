// Stores an ImportDocument (core/import/) in Duet: one short transaction per post (its
// texts rendered before it, render-import-texts.ts), retried when another writer holds the
// database, so people working in the Studio meanwhile never cost a post and a failure
// loses nothing already imported and leaves nothing half-made; authors and tags found by
// their source id (or an existing tag's slug) before any is created; each source id
// recorded under the site's identity (core/import/source-identity.ts), so a second run,
// from any copy of the same export, creates nothing twice. A page at an address the site
// already has is held back as a draft (core/import/hold-duplicate-pages.ts). A dry run
// reads the same decisions and writes nothing. Texts keep their status: published ones go
// live, drafts, pending and private texts stay drafts, scheduled ones are scheduled.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { holdDuplicatePages, wantedSlug } from '@/core/import/hold-duplicate-pages';
import type { ImportDocument, ImportPost, ImportText } from '@/core/import/import-document';
import { sourceIdentity, type SourceIdentity } from '@/core/import/source-identity';
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
import { createTagRepository, freeTagKey, tagIdBySlug } from '@/db/repositories/tags';
import { uniqueSlug } from '@/db/repositories/unique-slug';
import { inRetriedTransaction } from '@/db/transaction';
import { emptyReport, reportPost, type ImportReport } from './import-report';
import { ImportMediaLibrary, type ImportFiles } from './import-media';
import { renderedBy, renderTexts, unrenderedDraft, type RenderedTexts } from './render-import-texts';

export interface ImportRunOptions {
  /** Renders a text within the usual budget; a RenderTimeoutError defers its post. */
  render: Renderer;
  /** Renders a deferred post's texts again with a longer budget; without it they stay drafts. */
  renderLonger?: Renderer;
  dataDir: string;
  files: ImportFiles | null;
  dryRun: boolean;
  onProgress?: (done: number, total: number) => void;
  /**
   * Which site the source ids belong to, so two sites' "post 1" are not taken for one:
   * by default what the document says of itself (core/import/source-identity.ts); the
   * command line adds what only the folder tells (a Hugo site's baseURL, its old keys).
   */
  identity?: SourceIdentity;
  /** A key of its own, without earlier keys (tests importing one document as two sites). */
  sourceKey?: string;
}

type Entity = 'post' | 'author' | 'tag';

const knownIds = (db: Db, identity: SourceIdentity, entity: Entity) => createImportSources(db).knownIds(identity, entity);

const remember = (trx: Db, kind: string, entity: Entity, sourceId: string, duetId: number) => createImportSources(trx).remember(kind, entity, sourceId, duetId);

/** The language a pair was written in first: the earlier text, Chinese on a tie. */
function sourceLocaleOf(post: ImportPost): Locale {
  const texts = locales.flatMap((l) => (post.texts[l] ? [post.texts[l]!] : []));
  texts.sort((a, b) => (a.createdAt ?? a.publishedAt ?? '').localeCompare(b.createdAt ?? b.publishedAt ?? '') || (a.locale === 'zh' ? -1 : 1));
  return texts[0]!.locale;
}

export async function runImport(db: Db, source: ImportDocument, options: ImportRunOptions): Promise<ImportReport> {
  const identity = options.sourceKey !== undefined ? { key: options.sourceKey, legacyKeys: [], legacyPrefix: null } : (options.identity ?? sourceIdentity(source.source));
  const kind = identity.key;
  const posts = await knownIds(db, identity, 'post');
  // A page at an address the site already has arrives as a draft, reported: one header link each.
  const { document } = holdDuplicatePages(source, await listSitePages(db), (post) => !posts.has(post.sourceId));
  const report = emptyReport(document, options.dryRun);
  const authors = await knownIds(db, identity, 'author');
  const tags = await knownIds(db, identity, 'tag');
  const library = new ImportMediaLibrary(db, kind, options.files, options.dataDir, report.warnings);
  const context: PostContext = {
    kind,
    options,
    library,
    authors,
    tags,
    authorsById: new Map(document.authors.map((a) => [a.sourceId, a])),
    tagsById: new Map(document.tags.map((t) => [t.sourceId, t])),
  };
  /** Posts whose texts ran out of time: written after the rest, with a longer budget. */
  const deferred: Array<{ post: ImportPost; index: number }> = [];

  const write = async (post: ImportPost, index: number, render: Renderer | null, mayDefer: boolean): Promise<void> => {
    try {
      const made = await importPost(db, post, context, render, mayDefer);
      if (made === 'deferred') {
        deferred.push({ post, index });
        return;
      }
      posts.set(post.sourceId, made.postId);
      for (const [sourceId, id] of made.authors) authors.set(sourceId, id);
      for (const [sourceId, id] of made.tags) tags.set(sourceId, id);
      report.counts.created += 1;
      report.posts[index] = reportPost(post, 'create', made.postId);
      if (made.isUnrendered) {
        report.warnings.push({ code: 'render-pending', sourceId: post.sourceId, message: `“${titleOf(post)}” could not be formatted in time, even with a longer budget; it was imported as a draft, not published. Open it in the Studio and simplify its Markdown.` });
      }
    } catch (error) {
      report.counts.failed += 1;
      report.posts[index] = reportPost(post, 'failed', null, (error as Error).message);
    }
  };

  for (const [index, post] of document.posts.entries()) {
    options.onProgress?.(index, document.posts.length);
    const existing = posts.get(post.sourceId);
    if (existing !== undefined) {
      report.counts.alreadyImported += 1;
      report.posts[index] = reportPost(post, 'exists', existing);
      continue;
    }
    if (options.dryRun) {
      report.counts.created += 1;
      report.posts[index] = reportPost(post, 'create', null);
      continue;
    }
    await write(post, index, options.render, true);
    // One turn of the event loop per post: better-sqlite3 frees a prepared statement in a
    // finalizer that only runs between turns, and with a renderer that answers at once
    // (tests, empty bodies) thousands of posts would hold every statement they prepared.
    await nextTurn();
  }
  // Still off the request path (the import's own process): a longer budget, then a draft.
  for (const { post, index } of deferred.splice(0)) await write(post, index, options.renderLonger ?? null, false);
  options.onProgress?.(document.posts.length, document.posts.length);
  report.counts.skipped = report.counts.alreadyImported;
  report.counts.mediaImported = library.imported;
  report.counts.mediaMissing = library.missing;
  report.finishedAt = new Date().toISOString();
  return report;
}

function titleOf(post: ImportPost): string {
  return Object.values(post.texts).find((text) => text?.title)?.title ?? post.sourceId;
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

/**
 * Writes one post, its texts rendered first with `render`. 'deferred' when a text ran out
 * of time and the post `mayDefer`; otherwise (or with no renderer, `null`) it is written
 * as drafts that say so.
 */
async function importPost(db: Db, post: ImportPost, ctx: PostContext, render: Renderer | null, mayDefer: boolean) {
  const sourceLocale = sourceLocaleOf(post);
  const texts = locales.flatMap((l) => (post.texts[l] ? [post.texts[l]!] : []));
  // Files first (outside the transaction): stored once, reused by a retry.
  const bodies = new Map<Locale, string>();
  for (const text of texts) bodies.set(text.locale, await withLibraryMedia(text, ctx.library));
  const rendered: RenderedTexts | null = render ? await renderTexts(render, texts, bodies) : null;
  if (mayDefer && rendered === null) return 'deferred' as const;
  const isUnrendered = rendered === null;
  const cover = post.cover ? await ctx.library.resolve(post.cover, sourceLocale, post.sourceId) : null;

  // Run again from its first statement when the database was busy: what it made is its own.
  const written = await inRetriedTransaction(db, async (trx) => {
    const made = { authors: new Map<string, number>(), tags: new Map<string, number>() };
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
        // A text that could not be rendered is never published.
        state: text.status === 'published' && !isUnrendered ? 'published' : 'draft',
      };
    }
    const published = isUnrendered ? [] : texts.filter((t) => t.status === 'published');
    const first = texts.map((t) => t.createdAt ?? t.publishedAt).filter((d): d is string => Boolean(d)).sort()[0];
    const stored = rendered ?? new Map(texts.map((text) => [text.locale, unrenderedDraft(bodies.get(text.locale)!)]));
    const created = await createContentWriter(trx, renderedBy(stored)).createPost({
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
      if (!isUnrendered && text.status === 'scheduled' && text.publishedAt) await createPublishingRepository(trx).schedule(created.id, text.locale, new Date(text.publishedAt));
    }
    await remember(trx, ctx.kind, 'post', post.sourceId, created.id);
    // Old addresses (Hugo aliases) lead to the text from now on.
    for (const text of texts) if (text.redirects?.length) await createRedirects(trx).add(created.id, text.locale, text.redirects);
    return { postId: created.id, ...made };
  });
  return { ...written, isUnrendered };
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

/**
 * A tag the site already has under the same slug is reused rather than doubled; the
 * source's description of it (a Hugo term's `_index.md`) fills the languages where the
 * tag has none, never replacing one written in Duet.
 */
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
  if (tag?.descriptions) await createTagRepository(trx).fillDescriptions(id, tag.descriptions);
  await remember(trx, ctx.kind, 'tag', sourceId, id);
  made.set(sourceId, id);
  return id;
}
