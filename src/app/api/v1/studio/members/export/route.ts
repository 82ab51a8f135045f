// GET /api/v1/studio/members/export?[q, language, status, newsletter]: the members the
// Studio's list shows with these filters, as CSV, streamed in batches.
import { defineRoute } from '@/server/api/define-route';
import { authorize, requireActor } from '@/server/auth/session';
import { membersCsv } from '@/server/studio/members-export';

const route = defineRoute({
  GET: async (request) => {
    authorize(await requireActor(request), 'member.view');
    return membersCsv(new URL(request.url).searchParams);
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
