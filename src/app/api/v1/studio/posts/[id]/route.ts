// DELETE /api/v1/studio/posts/{id}: removes a post in both languages, with its
// revisions (owners of the right only; translators never).
import { defineRoute } from '@/server/api/define-route';
import { revalidateContent } from '@/server/revalidate';
import { postForAction } from '@/server/studio/post-access';

const route = defineRoute<{ id: string }>({
  DELETE: async (request, { params }) => {
    const { post, repo } = await postForAction(request, params.id, 'post.delete');
    await repo.deletePost(post.id);
    await revalidateContent();
    return new Response(null, { status: 204 });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
