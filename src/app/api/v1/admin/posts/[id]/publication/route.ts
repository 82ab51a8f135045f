// POST /api/v1/admin/posts/{id}/publication {postId, locale, action: "submit-review", note}:
// asks for review of a draft, through the Studio's own publication use case. A key never
// publishes: every other action is refused with 403 by the key's scope.
import { adminPostAnswer, toAdminPost } from '@/server/admin-api/admin-schemas';
import { defineAdminRoute } from '@/server/admin-api/admin-route';
import { publicationFromRequest } from '@/server/studio/draft-writes';

const route = defineAdminRoute<{ id: string }>({
  POST: async (request, { params, actor }) => {
    const { post } = await publicationFromRequest(actor, request, params);
    return Response.json(adminPostAnswer.parse({ post: toAdminPost(post) }));
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
