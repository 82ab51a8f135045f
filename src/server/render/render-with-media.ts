// The renderer the server uses: the worker pool, given the sizes and variants of the
// library images a text shows (media-index.ts), so readers get no layout shift and phones
// get smaller files.
import type { RenderDocumentInput, RenderedDocument } from '@/core/markdown/render-document';
import { libraryImagesIn } from '@/server/media/media-index';
import { renderInWorker } from './render-pool';

export function renderWithMedia(input: RenderDocumentInput, budgetMs?: number): Promise<RenderedDocument> {
  return renderInWorker({ ...input, images: input.images ?? libraryImagesIn(input.markdown) }, budgetMs);
}
