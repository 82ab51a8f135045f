// POST /api/v1/internal/revalidate: lets the command-line tool (same machine, token in
// DATA_DIR) tell this server that content changed.
import { z } from 'zod';
import { AppError } from '@/core/errors/app-error';
import { defineRoute } from '@/server/api/define-route';
import { readJson } from '@/server/api/read-json';
import { hasInternalToken } from '@/server/revalidate-token';
import { revalidateContent } from '@/server/revalidate';

const input = z.strictObject({ tags: z.array(z.literal('content')).min(1) });

const route = defineRoute({
  POST: async (request) => {
    if (!hasInternalToken(request)) throw new AppError('UNAUTHENTICATED', 'A valid revalidation token is required.');
    const { tags } = await readJson(request, input);
    await revalidateContent();
    return Response.json({ revalidated: tags });
  },
}, { writesFrom: 'any' });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
