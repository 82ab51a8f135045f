// GET /api/v1/studio/site-jobs/{id}/file: an export's or backup's archive, or an import's
// whole report (JSON), as a download streamed from disk.
import { defineRoute } from '@/server/api/define-route';
import { authorize, requireActor } from '@/server/auth/session';
import { dataDir } from '@/core/config/data-dir';
import { downloadJobFile } from '@/server/site-jobs/download-job-file';

const route = defineRoute<{ id: string }>({
  GET: async (request, { params }) => {
    authorize(await requireActor(request), 'site.transfer');
    return downloadJobFile(dataDir(), params.id);
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
