// POST /api/v1/studio/posts/{id}/translations/{locale}/up-to-date {expectedRevisionId}:
// the translator has brought this translation in line with the source as readers see it.
// It becomes a new revision of the draft (409 if someone saved since), published like any
// other change; readers' "outdated" notice goes when it is.
import { z } from 'zod';
import { revisionNumber } from '@/core/studio/fields';
import { defineRoute } from '@/server/api/define-route';
import { readJson } from '@/server/api/read-json';
import { parseLocale, postForAction } from '@/server/studio/post-access';
import { conflictAnswer } from '@/server/studio/draft-writes';

const upToDateInput = z.strictObject({ expectedRevisionId: revisionNumber });

const route = defineRoute<{ id: string; locale: string }>({
  POST: async (request, { params }) => {
    const locale = parseLocale(params.locale);
    const { actor, post, repo } = await postForAction(request, params.id, 'post.edit-translation', locale);
    const { expectedRevisionId } = await readJson(request, upToDateInput, 1_000);
    return conflictAnswer(async () => Response.json({ translation: await repo.markUpToDate(post.id, locale, { expectedRevisionId, userId: actor.id }) }));
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
