// Brings stored renderings up to date after an upgrade: live texts and drafts saved
// before renderings were stored, or by an older version of the pipeline
// (render-document's renderVersion), are rendered again in the background at start, one
// at a time so readers keep the workers, then their search entries and the cached pages
// are refreshed. A text that cannot be rendered within its budget keeps what it had and
// stays marked stale (tried again at the next start): plain paragraphs are never stored as
// if they were its rendering.
import { renderVersion, type RenderedDocument } from '@/core/markdown/render-document';
import { plainParagraphsHtml } from '@/core/markdown/plain-paragraphs';
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { createContentRepository } from '@/db/repositories/content-repository';
import { logger } from '@/server/logger';
import { reloadMediaIndex } from '@/server/media/media-index';
import { isRenderTimeout } from './render-pool';
import { renderWithMedia } from './render-with-media';

const batch = 50;

/** A text that cannot be rendered in time, shown (the Studio's preview) as its plain paragraphs; never stored. */
export function fallbackRendering(body: string): RenderedDocument {
  const html = plainParagraphsHtml(body);
  return { html, blocks: [html], plainText: body, derivedExcerpt: '', readingMinutes: 1, renderVersion };
}

/** Returns how many translations were rendered again; `onDone` runs when any were. */
export async function refreshStaleRenders(onDone?: () => Promise<void>): Promise<number> {
  await ensureDatabase();
  // Texts are rendered with the library's image sizes and variants.
  await reloadMediaIndex();
  const repo = createContentRepository(getDatabase());
  let refreshed = 0;
  const posts = new Set<number>();
  for (const table of ['live', 'draft'] as const) {
    let afterId = 0;
    for (;;) {
      const stale = await repo.listStaleRenderings(table, renderVersion, afterId, batch);
      if (stale.length === 0) break;
      for (const t of stale) {
        afterId = t.id;
        if (t.revisionId === null) continue;
        let rendered: RenderedDocument;
        try {
          rendered = await renderWithMedia({ markdown: t.body, locale: t.locale });
        } catch (error) {
          if (!isRenderTimeout(error)) throw error;
          logger.warn({ translationId: t.id, table }, 'a stored text cannot be rendered in time; it keeps its rendering, still marked stale');
          continue;
        }
        if (await repo.storeRendering(table, t.id, t.revisionId, rendered)) {
          refreshed += 1;
          // What readers see changed: their search entries and pages follow.
          if (table === 'live') posts.add(t.postId);
        }
      }
    }
  }
  for (const postId of posts) await repo.reindexPost(postId);
  if (refreshed > 0) {
    logger.info({ translations: refreshed }, 'rendered stored texts again for this version of the renderer');
    await onDone?.();
  }
  return refreshed;
}
