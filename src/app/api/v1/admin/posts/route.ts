// POST /api/v1/admin/posts {title, sourceLocale}: a new draft post, as the Studio's "New
// post" makes it, owned by the key's account. Readers see nothing until someone publishes.
import { newPostInput } from '@/core/studio/inputs';
import { adminPostAnswer, toAdminPost } from '@/server/admin-api/admin-schemas';
import { defineAdminRoute } from '@/server/admin-api/admin-route';
import { readJson } from '@/server/api/read-json';
import { createDraft } from '@/server/studio/draft-writes';
import { getStudioPost } from '@/server/studio/studio-reads';

const route = defineAdminRoute({
  POST: async (request, { actor }) => {
    const input = await readJson(request, newPostInput, 8_000);
    const id = await createDraft(actor, input);
    const post = await getStudioPost(id);
    const body = adminPostAnswer.parse({ post: toAdminPost(post!) });
    return Response.json(body, { status: 201, headers: { Location: `/api/v1/admin/posts/${id}` } });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
