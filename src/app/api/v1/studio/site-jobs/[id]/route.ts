// GET /api/v1/studio/site-jobs/{id}: a job's progress and, once an import or its preview
// is done, its report (the first posts, warnings by kind).
import { AppError } from '@/core/errors/app-error';
import { defineRoute } from '@/server/api/define-route';
import { authorize, requireActor } from '@/server/auth/session';
import { dataDir } from '@/core/config/data-dir';
import { readJob } from '@/server/site-jobs/job-store';
import { viewJob } from '@/server/site-jobs/job-view';

const route = defineRoute<{ id: string }>({
  GET: async (request, { params }) => {
    authorize(await requireActor(request), 'site.transfer');
    const job = await readJob(dataDir(), params.id);
    if (!job) throw new AppError('NOT_FOUND', 'There is no such job.');
    return Response.json(await viewJob(dataDir(), job), { headers: { 'Cache-Control': 'private, no-store' } });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
