// GET /api/v1/studio/posts/{id}/translations/{locale}/copy?target=wechat|rich: the text's
// draft as another editor keeps it when pasted, {html, text, references}, for who may
// edit that language (server/studio/copy-elsewhere.ts).
import { copyQuery } from '@/core/copy-elsewhere/copy-query';
import { parseTextInputs, queryObject } from '@/core/content-api/query-schemas';
import { defineRoute } from '@/server/api/define-route';
import { copyDraftFor } from '@/server/studio/copy-elsewhere';
import { parseLocale } from '@/server/studio/post-access';

const route = defineRoute<{ id: string; locale: string }>({
  GET: async (request, { params }) => {
    const locale = parseLocale(params.locale);
    const query = parseTextInputs(copyQuery, queryObject(new URL(request.url).searchParams));
    const copy = await copyDraftFor(request, params.id, locale, query);
    return Response.json(copy, { headers: { 'Cache-Control': 'private, no-store' } });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
