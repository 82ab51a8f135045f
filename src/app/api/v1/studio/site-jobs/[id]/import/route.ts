// POST /api/v1/studio/site-jobs/{previewId}/import: imports the file a finished preview
// read, keeping each source text's status (published texts go live). Once per preview.
import { defineRoute } from '@/server/api/define-route';
import { authorize, requireActor } from '@/server/auth/session';
import { dataDir } from '@/core/config/data-dir';
import { confirmImport } from '@/server/site-jobs/start-site-job';

const route = defineRoute<{ id: string }>({
  POST: async (request, { params }) => {
    const actor = await requireActor(request);
    authorize(actor, 'site.transfer');
    const job = await confirmImport({ dataDir: dataDir(), userId: actor.id, previewId: params.id });
    return Response.json({ job, report: null }, { status: 202, headers: { 'Cache-Control': 'private, no-store' } });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
