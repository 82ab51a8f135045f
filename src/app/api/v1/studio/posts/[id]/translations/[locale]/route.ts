// PUT /api/v1/studio/posts/{id}/translations/{locale}: save one language as a new
// revision (the editor's autosave). A save made from an older revision than the current
// one is refused with 409 and the current version, so nobody overwrites anybody silently.
import { defineRoute } from '@/server/api/define-route';
import { requireActor } from '@/server/auth/session';
import { saveDraftFromRequest } from '@/server/studio/draft-writes';

const route = defineRoute<{ id: string; locale: string }>({
  PUT: async (request, { params }) => saveDraftFromRequest(await requireActor(request), request, params),
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
