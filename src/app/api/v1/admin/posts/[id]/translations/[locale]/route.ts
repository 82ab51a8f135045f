// PUT /api/v1/admin/posts/{id}/translations/{locale}: saves one language's draft as a new
// revision, exactly as the Studio's editor does: 409 with the current version when someone
// saved since `expectedRevisionId`; a translator's key edits translations only.
import { defineAdminRoute } from '@/server/admin-api/admin-route';
import { saveDraftFromRequest } from '@/server/studio/draft-writes';

const route = defineAdminRoute<{ id: string; locale: string }>({
  PUT: (request, { params, actor }) => saveDraftFromRequest(actor, request, params),
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
