// POST /api/v1/studio/posts/{id}/publication {postId, locale, action, revisionId?, …}: one
// language is published or updated (now or at `publishAt`), its schedule cancelled, taken
// off the site, its draft's changes discarded, submitted for review, approved or sent back
// with a note. Answers the post and both editor panes as they are now, so the editor shows
// what the action changed in either language (an update can leave the other one outdated).
import { defineRoute } from '@/server/api/define-route';
import { requireActor } from '@/server/auth/session';
import { publicationFromRequest } from '@/server/studio/draft-writes';
import { editorAnswer } from '@/server/studio/editor-panes';

const route = defineRoute<{ id: string }>({
  // Signed in before the body is read; the action it names is then authorized.
  POST: async (request, { params }) => {
    const actor = await requireActor(request);
    const { post } = await publicationFromRequest(actor, request, params);
    return Response.json(await editorAnswer(post, actor));
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
