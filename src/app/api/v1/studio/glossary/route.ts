// GET /api/v1/studio/glossary?q=…: the site's glossary (everyone in the Studio reads it),
// optionally searched. POST {zh, en, note, doNotTranslate, forbidden}: adds a term (owners,
// admins and editors).
import { glossaryTermInput } from '@/core/translation/glossary';
import { defineRoute } from '@/server/api/define-route';
import { readJson } from '@/server/api/read-json';
import { requireActor } from '@/server/auth/session';
import { addGlossaryTerm, listGlossary } from '@/server/translation/glossary';

const noStore = { 'Cache-Control': 'private, no-store' };

const route = defineRoute({
  GET: async (request) => {
    const actor = await requireActor(request);
    const query = new URL(request.url).searchParams.get('q') ?? '';
    return Response.json({ terms: await listGlossary(actor, query) }, { headers: noStore });
  },
  POST: async (request) => {
    const actor = await requireActor(request);
    const term = await addGlossaryTerm(actor, await readJson(request, glossaryTermInput, 32 * 1024));
    return Response.json({ term }, { status: 201, headers: noStore });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
