// POST /api/v1/studio/posts/{id}/publication {locale, action: publish|schedule|unpublish,
// publishAt?}: one language goes live now, at a time, or comes off the site. The pages
// that show it are revalidated at once; a schedule is kept by the in-process scheduler.
import { makePublishInput } from '@/core/studio/inputs';
import { AppError } from '@/core/errors/app-error';
import { defineRoute } from '@/server/api/define-route';
import { readJson } from '@/server/api/read-json';
import { revalidateContent } from '@/server/revalidate';
import { wakeScheduler } from '@/server/studio/scheduler';
import { parsePostId, postForAction } from '@/server/studio/post-access';

const route = defineRoute<{ id: string }>({
  POST: async (request, { params }) => {
    const input = await readJson(request, makePublishInput(new Date()));
    if (input.postId !== parsePostId(params.id)) {
      throw new AppError('VALIDATION', 'The body names another post than the address.', { fields: { postId: ['Does not match the address.'] } });
    }
    const { post, repo } = await postForAction(request, params.id, 'post.publish', input.locale);
    const updated = await repo.setPublication(
      post.id,
      input.locale,
      input.action === 'schedule' ? { action: 'schedule', at: new Date(input.publishAt) } : { action: input.action },
    );
    revalidateContent();
    if (input.action === 'schedule') wakeScheduler();
    return Response.json({ post: updated });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
