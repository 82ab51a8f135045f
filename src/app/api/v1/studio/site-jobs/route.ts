// GET /api/v1/studio/site-jobs: the owner's recent imports, exports and backups.
// POST {kind: 'export' | 'backup'}: starts one; the answer (202) is the job to poll.
import { z } from 'zod';
import { defineRoute } from '@/server/api/define-route';
import { readJson } from '@/server/api/read-json';
import { authorize, requireActor } from '@/server/auth/session';
import { dataDir } from '@/core/config/data-dir';
import { listJobs } from '@/server/site-jobs/job-store';
import { startArchiveJob } from '@/server/site-jobs/start-site-job';

const archiveInput = z.strictObject({ kind: z.enum(['export', 'backup'], 'Choose export or backup.') });
const noStore = { 'Cache-Control': 'private, no-store' };

const route = defineRoute({
  GET: async (request) => {
    authorize(await requireActor(request), 'site.transfer');
    return Response.json({ jobs: await listJobs(dataDir()) }, { headers: noStore });
  },
  POST: async (request) => {
    const actor = await requireActor(request);
    authorize(actor, 'site.transfer');
    const { kind } = await readJson(request, archiveInput);
    const job = await startArchiveJob({ dataDir: dataDir(), userId: actor.id, kind });
    return Response.json({ job, report: null }, { status: 202, headers: noStore });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
