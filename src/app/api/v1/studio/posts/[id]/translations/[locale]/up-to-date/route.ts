// POST /api/v1/studio/posts/{id}/translations/{locale}/up-to-date: the translator has
// brought this translation in line with the source's current revision.
import { defineRoute } from '@/server/api/define-route';
import { revalidateContent } from '@/server/revalidate';
import { parseLocale, postForAction } from '@/server/studio/post-access';

const route = defineRoute<{ id: string; locale: string }>({
  POST: async (request, { params }) => {
    const locale = parseLocale(params.locale);
    const { post, repo } = await postForAction(request, params.id, 'post.edit-translation', locale);
    await repo.markUpToDate(post.id, locale);
    await revalidateContent();
    return Response.json({ post: await repo.getStudioPost(post.id) });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
