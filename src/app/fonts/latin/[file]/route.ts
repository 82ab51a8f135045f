// GET /fonts/latin/<name>.<content hash>.woff2: a file of the Latin web fonts, immutable by
// its address (scripts/latin-fonts.mjs names them; the pages' CSS and preloads point here).
import { AppError } from '@/core/errors/app-error';
import { defineRoute } from '@/server/api/define-route';
import { latinFontFile } from '@/server/fonts/latin-font';

const route = defineRoute<{ file: string }>({
  GET: async (_request, { params }) => {
    const font = await latinFontFile(params.file);
    if (!font) throw new AppError('NOT_FOUND', 'There is no such font file.');
    return new Response(new Uint8Array(font), {
      headers: { 'Content-Type': 'font/woff2', 'Content-Length': String(font.byteLength), 'Cache-Control': 'public, max-age=31536000, immutable' },
    });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
