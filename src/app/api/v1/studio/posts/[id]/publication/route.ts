// POST /api/v1/studio/posts/{id}/publication {locale, action, …}: one language is
// published or updated (now or at `publishAt`), its schedule cancelled, taken off the
// site, its draft's changes discarded, submitted for review, approved or sent back with a
// note. Only actions that change what readers see revalidate their pages.
import { makePublishInput } from '@/core/studio/inputs';
import { AppError } from '@/core/errors/app-error';
import { getDatabase } from '@/db/client';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';
import { defineRoute } from '@/server/api/define-route';
import { readJson } from '@/server/api/read-json';
import { requireActor } from '@/server/auth/session';
import { renderWithMedia } from '@/server/render/render-with-media';
import { revalidateContent } from '@/server/revalidate';
import { applyPublication, permissionFor } from '@/server/studio/apply-publication';
import { wakeScheduler } from '@/server/studio/scheduler';
import { parsePostId, postForAction } from '@/server/studio/post-access';
import { wakeWebhookWorker } from '@/server/webhooks/delivery-worker';

const route = defineRoute<{ id: string }>({
  POST: async (request, { params }) => {
    // Signed in before the body is read; the action it names is then authorized.
    const actor = await requireActor(request);
    const input = await readJson(request, makePublishInput(new Date()));
    if (input.postId !== parsePostId(params.id)) {
      throw new AppError('VALIDATION', 'The body names another post than the address.', { fields: { postId: ['Does not match the address.'] } });
    }
    const { post, repo } = await postForAction(actor, params.id, (p) => permissionFor(input, p), input.locale);
    const result = await applyPublication(createPublishingRepository(getDatabase(), renderWithMedia), input, post.id, actor.id);
    if (result.changedLive) {
      // Its webhook deliveries committed with it: the worker sends them; this answer does not wait.
      wakeWebhookWorker();
      await revalidateContent();
    }
    if (input.action === 'schedule') wakeScheduler();
    // What readers now see of this language, for the editor's comparison.
    const liveText = (await repo.getLiveTexts(post.id))[input.locale] ?? null;
    return Response.json({ post: result.post, liveText });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
