// One publication action on one language, for an identified actor: the permission it
// needs (asked of can() with the post), the use case (core/publishing through the
// publishing repository), and what follows from its events. The Studio's route and the
// Admin API both call this with a parsed input; neither sees a Request here.
import { permissionFor } from '@/core/publishing/plan-publication';
import type { PublishInput } from '@/core/studio/post-inputs';
import { getDatabase } from '@/db/client';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';
import type { StudioPost } from '@/db/repositories/studio-repository';
import type { PublishingEvent } from '@/core/publishing/events';
import { afterPublication } from '@/server/after-publication';
import type { StudioUser } from '@/server/auth/session';
import { markdownBlocksInWorker } from '@/server/render/render-pool';
import { renderWithMedia } from '@/server/render/render-with-media';
import { siteUrl } from '@/core/config/site-url';
import { requireChecksCleared } from '@/server/translation/translation-checks';
import { postForAction } from './post-access';

export interface PublicationOutcome {
  post: StudioPost;
  events: PublishingEvent[];
}

export async function actOnPublication(actor: StudioUser, input: PublishInput): Promise<PublicationOutcome> {
  const { post } = await postForAction(actor, String(input.postId), (p) => permissionFor(input, Boolean(p.languages[input.locale]?.live)), input.locale);
  // A translation reaches readers only once its blocking checks are fixed or dismissed.
  const checked = await requireChecksCleared(post, input);
  const publishing = createPublishingRepository(getDatabase(), renderWithMedia, { siteOrigin: siteUrl().origin, cut: markdownBlocksInWorker });
  const result = await publishing.act({ ...checked, postId: post.id }, actor.id);
  await afterPublication(result.events, { newsletterQueued: 'newsletter' in input && input.newsletter !== undefined });
  return result;
}
