// GET /fonts/serif-sc.css?c=<code point list>: @font-face rules for the Chinese display
// face, cut down to the characters named (server/fonts/display-font.ts). The list's one
// spelling makes the address a cache key: the answer never changes, so it is kept a year.
import { AppError } from '@/core/errors/app-error';
import { decodeCodePoints } from '@/core/fonts/code-point-list';
import { defineRoute } from '@/server/api/define-route';
import { displayFontCss, maxPageCodePoints } from '@/server/fonts/display-font';

const route = defineRoute({
  GET: async (request) => {
    const list = new URL(request.url).searchParams.get('c') ?? '';
    const codePoints = decodeCodePoints(list, maxPageCodePoints);
    if (!codePoints) throw new AppError('VALIDATION', 'c must list the characters as /fonts/serif-sc.css writes them.', { fields: { c: ['Not a character list.'] } });
    return new Response(await displayFontCss(codePoints), {
      headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable' },
    });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
