// GET /sitemaps/<n>.xml: one child of the sitemap index.
import { AppError } from '@/core/errors/app-error';
import { defineRoute } from '@/server/api/define-route';
import { childSitemapResponse } from '@/server/sitemap/stream-sitemap';

export const dynamic = 'force-dynamic';

const route = defineRoute<{ file: string }>({
  GET: async (_request, { params }) => {
    const match = /^(0|[1-9]\d{0,5})\.xml$/.exec(params.file);
    const response = match ? await childSitemapResponse(Number(match[1])) : null;
    if (!response) throw new AppError('NOT_FOUND', 'There is no such sitemap.');
    return response;
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
