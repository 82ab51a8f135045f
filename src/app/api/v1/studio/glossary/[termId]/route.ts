// PUT /api/v1/studio/glossary/{termId} {zh, en, note, doNotTranslate, forbidden}: changes a
// term; DELETE removes it. Owners, admins and editors.
import { z } from 'zod';
import { glossaryTermInput } from '@/core/translation/glossary';
import { defineRoute } from '@/server/api/define-route';
import { readJson } from '@/server/api/read-json';
import { requireActor } from '@/server/auth/session';
import { removeGlossaryTerm, updateGlossaryTerm } from '@/server/translation/glossary';

const termId = z.coerce.number().int().positive();

const route = defineRoute<{ termId: string }>({
  PUT: async (request, { params }) => {
    const actor = await requireActor(request);
    const term = await updateGlossaryTerm(actor, termId.parse(params.termId), await readJson(request, glossaryTermInput, 32 * 1024));
    return Response.json({ term }, { headers: { 'Cache-Control': 'private, no-store' } });
  },
  DELETE: async (request, { params }) => {
    const actor = await requireActor(request);
    await removeGlossaryTerm(actor, termId.parse(params.termId));
    return new Response(null, { status: 204 });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
