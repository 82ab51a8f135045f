// PUT /api/v1/studio/posts/{id}/meta: what a post shares across its languages (tags,
// cover, featured, narration per language, video and subtitles), replaced as a whole.
// Part of the source: a translator may not change it.
import { AppError } from '@/core/errors/app-error';
import { postMetaInput } from '@/core/studio/inputs';
import { defineRoute } from '@/server/api/define-route';
import { readJson } from '@/server/api/read-json';
import { revalidateContent } from '@/server/revalidate';
import { postForAction } from '@/server/studio/post-access';

const route = defineRoute<{ id: string }>({
  PUT: async (request, { params }) => {
    const { post, repo } = await postForAction(request, params.id, 'post.edit-source');
    const input = await readJson(request, postMetaInput);
    if (input.postId !== post.id) throw new AppError('VALIDATION', 'The body names another post than the address.', { fields: { postId: ['Does not match the address.'] } });
    const updated = await repo.updatePostMeta(post.id, input);
    if (updated?.status === 'published') await revalidateContent();
    return Response.json({ post: updated });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
