// An import renders each text before its post's transaction, so the transaction stays
// short and a busy moment of the site never waits on the formatter. A text that runs out
// of time is never stored as if it were rendered: its post waits until the rest of the
// import is written, is rendered again with a longer budget (the import already runs off
// the request path, in its site job), and only then imported as the source had it. A text
// that still cannot be rendered is imported as a draft, its stored preview marked stale
// (renderVersion 0, so a later start renders it again), and reported.
import type { ImportText } from '@/core/import/import-document';
import type { RenderedDocument, Renderer } from '@/core/markdown/render-document';
import { plainParagraphsHtml } from '@/core/markdown/plain-paragraphs';
import type { Locale } from '@/core/locales';
import { isRenderTimeout } from '@/server/render/render-pool';

export type RenderedTexts = Map<Locale, RenderedDocument>;

/** The longer budget of a text rendered again at the end of an import (DUET_IMPORT_RENDER_MS, default a minute). */
export function importRenderBudgetMs(): number {
  const ms = Number(process.env.DUET_IMPORT_RENDER_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : 60_000;
}

/** What is stored for a draft whose text could not be rendered: plain paragraphs, never current. */
export function unrenderedDraft(body: string): RenderedDocument {
  const html = plainParagraphsHtml(body);
  return { html, blocks: [html], plainText: body, derivedExcerpt: '', readingMinutes: 1, renderVersion: 0 };
}

/**
 * Each text's rendering, or null when one ran out of time (the others are not needed then).
 * Any other error is the post's failure.
 */
export async function renderTexts(render: Renderer, texts: ImportText[], bodies: Map<Locale, string>): Promise<RenderedTexts | null> {
  const rendered: RenderedTexts = new Map();
  for (const text of texts) {
    try {
      rendered.set(text.locale, await render({ markdown: bodies.get(text.locale)!, locale: text.locale }));
    } catch (error) {
      if (isRenderTimeout(error)) return null;
      throw error;
    }
  }
  return rendered;
}

/** A renderer that hands the content writer what was rendered before the transaction. */
export function renderedBy(rendered: RenderedTexts): Renderer {
  return async ({ locale }) => {
    const done = rendered.get(locale);
    if (!done) throw new Error(`No rendering was made for the ${locale} text.`);
    return done;
  };
}
