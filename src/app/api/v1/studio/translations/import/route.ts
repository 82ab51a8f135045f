// POST /api/v1/studio/translations/import, the body a translated XLIFF file (1.2 or 2.x)
// Duet exported: each text becomes a draft of its translation (a translator's goes to
// review), never published; the answer lists each text saved or refused with the reason.
import { AppError } from '@/core/errors/app-error';
import { defineRoute } from '@/server/api/define-route';
import { readLimitedBody } from '@/server/api/read-json';
import { authorize, requireActor } from '@/server/auth/session';
import { importStudioXliff } from '@/server/translation/studio-exchange';
import { maxImportBytes } from '@/server/translation/xliff-exchange';

const utf8 = new TextDecoder('utf-8', { fatal: true });

const route = defineRoute({
  POST: async (request) => {
    const actor = await requireActor(request);
    authorize(actor, 'post.view');
    const bytes = await readLimitedBody(request, maxImportBytes);
    let xml: string;
    try {
      xml = utf8.decode(bytes);
    } catch {
      throw new AppError('BAD_REQUEST', 'The XLIFF file is not valid UTF-8.');
    }
    const texts = await importStudioXliff(actor, xml);
    return Response.json({ texts }, { headers: { 'Cache-Control': 'private, no-store' } });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
