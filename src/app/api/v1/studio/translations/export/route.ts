// GET /api/v1/studio/translations/export?to=zh|en&format=xliff2|xliff12|tmx[&which=pending|outdated|missing][&post=1,2]:
// the texts named (and/or every missing or outdated one) as an XLIFF file for a CAT tool,
// or the site's memory as TMX. Only the texts the actor may translate are in it.
import { AppError } from '@/core/errors/app-error';
import { exportQuery, postIdsOf, statesOf } from '@/core/translation/exchange-inputs';
import { defineRoute } from '@/server/api/define-route';
import { authorize, requireActor } from '@/server/auth/session';
import { exportStudioTmx, exportStudioXliff } from '@/server/translation/studio-exchange';

const route = defineRoute({
  GET: async (request) => {
    const actor = await requireActor(request);
    authorize(actor, 'post.view');
    const query = exportQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
    const headers = (name: string, type: string) => ({ 'Content-Type': `${type}; charset=utf-8`, 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'private, no-store' });
    if (query.format === 'tmx') return new Response((await exportStudioTmx(query.to)).tmx, { headers: headers(`duet-memory-${query.to}.tmx`, 'application/x-tmx+xml') });
    const postIds = postIdsOf(query);
    const states = statesOf(query);
    if (postIds.length === 0 && states.length === 0) throw new AppError('VALIDATION', 'Name the posts to export or choose which texts.', { fields: { which: ['Choose which texts to export.'] } });
    const { xliff } = await exportStudioXliff(actor, { to: query.to, format: query.format, postIds, states });
    return new Response(xliff, { headers: headers(`duet-${query.to}.${query.format === 'xliff2' ? 'xlf' : 'xliff'}`, 'application/xliff+xml') });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
