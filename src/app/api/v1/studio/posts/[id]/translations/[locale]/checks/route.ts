// GET /api/v1/studio/posts/{id}/translations/{locale}/checks: the checks of the
// translation's draft, each with its dismissal, and the glossary for the editor's
// underlines. POST {revisionId, key, code, reason}: dismisses one check of that revision.
import { AppError } from '@/core/errors/app-error';
import { defineRoute } from '@/server/api/define-route';
import { readJson } from '@/server/api/read-json';
import { parseLocale, postForAction } from '@/server/studio/post-access';
import { requireActor } from '@/server/auth/session';
import { dismissCheckInput, dismissTranslationCheck, readTranslationChecks } from '@/server/translation/translation-checks';

const noStore = { 'Cache-Control': 'private, no-store' };

const route = defineRoute<{ id: string; locale: string }>({
  GET: async (request, { params }) => {
    const locale = parseLocale(params.locale);
    const { post } = await postForAction(request, params.id, 'post.view', locale);
    const result = await readTranslationChecks(post, locale);
    if (!result) throw new AppError('NOT_FOUND', 'This language has no translation to check.');
    return Response.json(result, { headers: noStore });
  },
  POST: async (request, { params }) => {
    const actor = await requireActor(request);
    const locale = parseLocale(params.locale);
    const input = await readJson(request, dismissCheckInput, 8 * 1024);
    return Response.json(await dismissTranslationCheck(actor, params.id, locale, input), { headers: noStore });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
