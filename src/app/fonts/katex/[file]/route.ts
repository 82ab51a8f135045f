// GET /fonts/katex/<name>.<content hash>.(css|woff2): KaTeX's stylesheet and fonts, from the
// katex package (scripts/katex-assets.mjs), immutable by their address. Only pages with
// math link the stylesheet (components/site/math-stylesheet.tsx).
import { AppError } from '@/core/errors/app-error';
import { defineRoute } from '@/server/api/define-route';
import { katexAssetFile } from '@/server/fonts/katex-assets';

const route = defineRoute<{ file: string }>({
  GET: async (_request, { params }) => {
    const asset = await katexAssetFile(params.file);
    if (!asset) throw new AppError('NOT_FOUND', 'There is no such file.');
    return new Response(new Uint8Array(asset.bytes), {
      headers: { 'Content-Type': asset.type, 'Content-Length': String(asset.bytes.byteLength), 'Cache-Control': 'public, max-age=31536000, immutable' },
    });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
