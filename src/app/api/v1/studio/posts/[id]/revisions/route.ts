// GET /api/v1/studio/posts/{id}/revisions?locale=zh: a language's revisions, newest
// first, for comparing and restoring (restoring is saving an old text as a new revision).
import { defineRoute } from '@/server/api/define-route';
import { parseLocale, postForAction } from '@/server/studio/post-access';

const route = defineRoute<{ id: string }>({
  GET: async (request, { params }) => {
    const locale = parseLocale(new URL(request.url).searchParams.get('locale') ?? '');
    const { post, repo } = await postForAction(request, params.id, 'post.view', locale);
    const revisions = await repo.listRevisions(post.id, locale);
    return Response.json({ revisions }, { headers: { 'Cache-Control': 'private, no-store' } });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
