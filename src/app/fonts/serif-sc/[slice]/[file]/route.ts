// GET /fonts/serif-sc/<slice>/<code point list>.woff2: one slice of the Chinese display
// face cut down to the characters named, made off the request thread and immutable.
import { AppError } from '@/core/errors/app-error';
import { decodeCodePoints } from '@/core/fonts/code-point-list';
import { defineRoute } from '@/server/api/define-route';
import { displayFontFile, maxSliceCodePoints } from '@/server/fonts/display-font';

const route = defineRoute<{ slice: string; file: string }>({
  GET: async (_request, { params }) => {
    const list = /^([0-9a-z.]+)\.woff2$/.exec(params.file)?.[1];
    const codePoints = list && /^\d{1,3}$/.test(params.slice) ? decodeCodePoints(list, maxSliceCodePoints) : null;
    const font = codePoints ? await displayFontFile(params.slice, codePoints) : null;
    if (!font) throw new AppError('NOT_FOUND', 'There is no such font file.');
    return new Response(Buffer.from(font), {
      headers: { 'Content-Type': 'font/woff2', 'Content-Length': String(font.byteLength), 'Cache-Control': 'public, max-age=31536000, immutable' },
    });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
