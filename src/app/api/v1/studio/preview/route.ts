// POST /api/v1/studio/preview {locale, body, other?: {locale, body}}: the editor's preview,
// rendered by the same pipeline as the public site (in a worker, within its time
// budget), with the blocks that have no counterpart in the other language marked.
import { z } from 'zod';
import { alignBlocks } from '@/core/markdown/split-blocks';
import { maxBodyLength } from '@/core/studio/inputs';
import { blockText } from '@/core/studio/text-field';
import { locales } from '@/core/locales';
import { defineRoute } from '@/server/api/define-route';
import { readJson } from '@/server/api/read-json';
import { requireActor } from '@/server/auth/session';
import { renderWithMedia } from '@/server/render/render-with-media';

const previewInput = z.strictObject({
  locale: z.enum(locales),
  body: blockText(maxBodyLength),
  other: z.strictObject({ locale: z.enum(locales), body: blockText(maxBodyLength) }).optional(),
});

const route = defineRoute({
  POST: async (request) => {
    await requireActor(request);
    const input = await readJson(request, previewInput, 8_000_000);
    const mine = await renderWithMedia({ markdown: input.body, locale: input.locale });
    if (!input.other) return Response.json({ html: mine.html, unmatched: 0 });
    const theirs = await renderWithMedia({ markdown: input.other.body, locale: input.other.locale });
    const rows = alignBlocks(mine.blocks, theirs.blocks);
    let unmatched = 0;
    const html = rows
      .filter((row) => row.left !== null)
      .map((row) => {
        if (row.right !== null) return row.left!;
        unmatched += 1;
        return `<div class="studio-unaligned" data-unaligned="true">${row.left!}</div>`;
      })
      .join('\n');
    return Response.json({ html, unmatched, theirsUnmatched: rows.filter((r) => r.left === null).length });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
