// The HTML readers get for a translation: the rendering stored when the text was saved,
// read from the data cache like every other read. A text saved before renders were
// stored has none yet: it is rendered once here, in a worker within its budget, and
// stored; one the worker refuses reads as plain paragraphs. A rendering made by an
// older pipeline is served as it is until the start-up refresh replaces it
// (refresh-renders.ts), so no reader waits for that.
import { unstable_cache } from 'next/cache';
import type { Translation } from '@/core/content/types';
import { plainParagraphsHtml } from '@/core/markdown/plain-paragraphs';
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { createContentRepository } from '@/db/repositories/content-repository';
import { contentTag } from '@/server/content';
import { logger } from '@/server/logger';
import { isRenderTimeout } from './render-pool';
import { renderWithMedia } from './render-with-media';

export interface RenderedBody {
  html: string;
  /** The HTML's top-level blocks, for the parallel view. */
  blocks: string[];
}

async function readRendering(translationId: number): Promise<RenderedBody> {
  await ensureDatabase();
  const repo = createContentRepository(getDatabase());
  const stored = (await repo.getRenderings([translationId])).get(translationId);
  if (!stored) return { html: '', blocks: [] };
  if (stored.html !== null && stored.blocks !== null) return { html: stored.html, blocks: stored.blocks };
  try {
    const rendered = await renderWithMedia({ markdown: stored.body, locale: stored.locale });
    if (stored.revisionId !== null) await repo.storeRendering('live', translationId, stored.revisionId, rendered);
    return { html: rendered.html, blocks: rendered.blocks };
  } catch (error) {
    if (!isRenderTimeout(error)) throw error;
    logger.warn({ translationId }, 'a stored text cannot be rendered in time; readers get its plain paragraphs');
    const html = plainParagraphsHtml(stored.body);
    return { html, blocks: [html] };
  }
}

/** The rendered body of a translation as readers see it (cached under the content tag). */
export function getRenderedBody(translation: Pick<Translation, 'id' | 'revisionId'>): Promise<RenderedBody> {
  return unstable_cache(() => readRendering(translation.id), ['duet', 'rendered-body', String(translation.id), String(translation.revisionId)], {
    tags: [contentTag],
  })();
}
