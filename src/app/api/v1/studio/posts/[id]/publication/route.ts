// POST /api/v1/studio/posts/{id}/publication {locale, action, …}: one language is
// published or updated (now or at `publishAt`), its schedule cancelled, taken off the
// site, its draft's changes discarded, submitted for review, approved or sent back with a
// note. Only actions that change what readers see revalidate their pages.
import { defineRoute } from '@/server/api/define-route';
import { requireActor } from '@/server/auth/session';
import { publicationFromRequest } from '@/server/studio/draft-writes';

const route = defineRoute<{ id: string }>({
  // Signed in before the body is read; the action it names is then authorized.
  POST: async (request, { params }) => Response.json(await publicationFromRequest(await requireActor(request), request, params)),
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
