// PUT /api/v1/studio/posts/{id}/translations/{locale}: save one language as a new
// revision (the editor's autosave). A save made from an older revision than the current
// one is refused with 409 and the current version, so nobody overwrites anybody silently.
import { translationDraftInput } from '@/core/studio/inputs';
import { AppError } from '@/core/errors/app-error';
import { RevisionConflictError } from '@/db/repositories/studio-repository';
import { defineRoute } from '@/server/api/define-route';
import { readJson } from '@/server/api/read-json';
import { errorBody } from '@/server/api/respond';
import { editActionFor, parseLocale, postForAction } from '@/server/studio/post-access';

type Params = { id: string; locale: string };

const route = defineRoute<Params>({
  PUT: async (request, { params }) => {
    const locale = parseLocale(params.locale);
    const { actor, post, repo } = await postForAction(request, params.id, (p) => editActionFor(p, locale), locale);
    // JSON escapes can make 200,000 characters several megabytes on the wire.
    const input = await readJson(request, translationDraftInput, 4_000_000);
    if (input.locale !== locale || (input.postId !== undefined && input.postId !== post.id)) {
      throw new AppError('VALIDATION', 'The body names another post or language than the address.', { fields: { locale: ['Does not match the address.'] } });
    }
    try {
      const saved = await repo.saveDraft(post.id, locale, {
        fields: { title: input.title, slug: input.slug, excerpt: input.excerpt, body: input.body, seoTitle: input.seoTitle ?? null, seoDescription: input.seoDescription ?? null },
        expectedRevisionId: input.expectedRevisionId,
        basedOnRevisionId: locale === post.sourceLocale ? null : input.basedOnRevisionId ?? undefined,
        userId: actor.id,
      });
      // A save changes the draft only: readers see nothing until someone publishes it.
      return Response.json({ translation: saved });
    } catch (error) {
      if (error instanceof RevisionConflictError) {
        return Response.json({ ...errorBody(409, error.message, error.fields), current: error.current }, { status: 409 });
      }
      throw error;
    }
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
