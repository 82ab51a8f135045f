// POST /api/v1/studio/members/import?mode=dry-run|apply&language=zh|en|both[&newsletter=id]:
// the body is a members export (Ghost, Substack, Mailchimp, or a CSV with an email column).
// A dry run reports what the import would do; `apply` does it. Site managers only.
import { importQueryInput } from '@/core/members/member-import';
import { defineRoute } from '@/server/api/define-route';
import { authorize, requireActor } from '@/server/auth/session';
import { importMembersCsv } from '@/server/studio/member-import';

const route = defineRoute({
  POST: async (request) => {
    authorize(await requireActor(request), 'member.manage');
    const query = importQueryInput.parse(Object.fromEntries(new URL(request.url).searchParams));
    const report = await importMembersCsv(request.body, query);
    return Response.json({ report }, { headers: { 'Cache-Control': 'private, no-store' } });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
