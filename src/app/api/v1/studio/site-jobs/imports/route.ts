// POST /api/v1/studio/site-jobs/imports?name=<file name>&language=<zh|en>: the body is a
// Ghost export or a WordPress WXR file, streamed to disk; the answer (202) is the preview
// job (a dry run) to poll. Nothing is imported until the preview is confirmed.
import { z } from 'zod';
import { AppError } from '@/core/errors/app-error';
import { locales } from '@/core/locales';
import { defineRoute } from '@/server/api/define-route';
import { authorize, requireActor } from '@/server/auth/session';
import { dataDir } from '@/core/config/data-dir';
import { startImportPreview } from '@/server/site-jobs/start-site-job';

const uploadQuery = z.strictObject({
  name: z.string().min(1, 'Give the file name.').max(255, 'Use a file name of at most 255 characters.'),
  language: z.enum(locales, 'Choose zh or en.').optional(),
});

const route = defineRoute({
  POST: async (request) => {
    const actor = await requireActor(request);
    authorize(actor, 'site.transfer');
    const query = uploadQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw query.error;
    if (!request.body) throw new AppError('VALIDATION', 'The request has no file in its body.', { fields: { file: ['Choose a file.'] } });
    const job = await startImportPreview({ dataDir: dataDir(), userId: actor.id, stream: request.body, fileName: query.data.name, language: query.data.language ?? null });
    return Response.json({ job, report: null }, { status: 202, headers: { 'Cache-Control': 'private, no-store' } });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
