// GET /api/v1/studio/glossary/file?format=csv|tbx: the glossary as a file to download.
// POST ?format=csv|tbx with the file as the body: imports it (owners, admins and editors),
// all or nothing; a malformed file is a 400 naming its line.
import { z } from 'zod';
import { AppError } from '@/core/errors/app-error';
import { glossaryLimits } from '@/core/translation/glossary';
import { defineRoute } from '@/server/api/define-route';
import { readLimitedBody } from '@/server/api/read-json';
import { authorize, requireActor } from '@/server/auth/session';
import { exportGlossary, importGlossary } from '@/server/translation/glossary';

const formatInput = z.strictObject({ format: z.enum(['csv', 'tbx']) });
const types = { csv: 'text/csv; charset=utf-8', tbx: 'application/x-tbx+xml; charset=utf-8' } as const;

const route = defineRoute({
  GET: async (request) => {
    const actor = await requireActor(request);
    const { format } = formatInput.parse(Object.fromEntries(new URL(request.url).searchParams));
    return new Response(await exportGlossary(actor, format), {
      headers: { 'Content-Type': types[format], 'Content-Disposition': `attachment; filename="glossary.${format}"`, 'Cache-Control': 'private, no-store' },
    });
  },
  POST: async (request) => {
    const actor = await requireActor(request);
    authorize(actor, 'glossary.manage');
    const { format } = formatInput.parse(Object.fromEntries(new URL(request.url).searchParams));
    const bytes = await readLimitedBody(request, glossaryLimits.importBytes);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new AppError('VALIDATION', 'The glossary file is not UTF-8 text.', { reason: 'glossary-file', fields: { file: ['Not UTF-8'] } });
    }
    return Response.json({ report: await importGlossary(actor, format, text) }, { headers: { 'Cache-Control': 'private, no-store' } });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
