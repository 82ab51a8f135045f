// GET /api/v1/admin/posts/{id}: a post as the Studio sees it, drafts and all, with each
// language's revision (what the next save sends as expectedRevisionId) and its status.
import { adminPostAnswer, toAdminPost } from '@/server/admin-api/admin-schemas';
import { defineAdminRoute } from '@/server/admin-api/admin-route';
import { postForAction } from '@/server/studio/post-access';

const route = defineAdminRoute<{ id: string }>({
  GET: async (_request, { params, actor }) => {
    const { post } = await postForAction(actor, params.id, 'post.view');
    return Response.json(adminPostAnswer.parse({ post: toAdminPost(post) }), { headers: { 'Cache-Control': 'no-store' } });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
