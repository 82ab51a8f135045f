// GET /api/v1/studio/translation-memory?postId=12&to=en&text=…: the best earlier
// translations (up to 3) of one source segment, from the site's translation memory, for
// whoever may edit that post's text in `to`. The source language is the other one.
import { z } from 'zod';
import { AppError } from '@/core/errors/app-error';
import { locales } from '@/core/locales';
import { defineRoute } from '@/server/api/define-route';
import { suggestForPost } from '@/server/studio/translation-memory';

const query = z.strictObject({
  postId: z.string().regex(/^\d{1,10}$/),
  to: z.enum(locales),
  // One block: longer texts are compared on their start only (fuzzy-match's maxTokens).
  text: z.string().min(1).max(8_000),
});

const route = defineRoute({
  GET: async (request) => {
    const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) throw new AppError('VALIDATION', 'The memory lookup needs a post, a language and a text.', { fields: z.flattenError(parsed.error).fieldErrors });
    const { postId, to, text } = parsed.data;
    const suggestions = await suggestForPost(request, postId, to, text);
    return Response.json({ suggestions }, { headers: { 'Cache-Control': 'private, no-store' } });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
