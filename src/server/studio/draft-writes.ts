// The Studio's writes to posts as use cases that take the actor: a new draft post, one
// language's draft saved as a revision (409 when someone saved since), and a publication
// action. The Studio's routes and forms call them for a signed-in person, the Admin API
// for an admin key's account; the permission rules, the 409 and the review rules are the
// same because the code is.
import { AppError } from '@/core/errors/app-error';
import { makePublishInput, translationDraftInput, type NewPostInput } from '@/core/studio/inputs';
import { getDatabase } from '@/db/client';
import { createStudioRepository, RevisionConflictError } from '@/db/repositories/studio-repository';
import { readJson } from '@/server/api/read-json';
import { errorBody } from '@/server/api/respond';
import { authorize, type StudioUser } from '@/server/auth/session';
import { editActionFor, parseLocale, parsePostId, postForAction } from './post-access';
import { actOnPublication, type PublicationOutcome } from './publication';

/** A new draft post owned by the actor and bylined to their profile; returns its id. */
export async function createDraft(actor: StudioUser, input: NewPostInput): Promise<number> {
  authorize(actor, 'post.create');
  return createStudioRepository(getDatabase()).createDraftPost({ sourceLocale: input.sourceLocale, title: input.title, userId: actor.id, authorId: actor.authorId ?? null });
}

/**
 * Saves the draft of one language from a request's body, after the actor was allowed to
 * edit it. A save from an older revision than the current one is answered 409 with the
 * current version, so nobody overwrites anybody silently; readers see nothing of it.
 */
export async function saveDraftFromRequest(actor: StudioUser, request: Request, params: { id: string; locale: string }): Promise<Response> {
  const locale = parseLocale(params.locale);
  const { post, repo } = await postForAction(actor, params.id, (p) => editActionFor(p, locale), locale);
  // JSON escapes can make 200,000 characters several megabytes on the wire.
  const input = await readJson(request, translationDraftInput, 4_000_000);
  if (input.locale !== locale || (input.postId !== undefined && input.postId !== post.id)) {
    throw new AppError('VALIDATION', 'The body names another post or language than the address.', { fields: { locale: ['Does not match the address.'] } });
  }
  return conflictAnswer(async () => {
    const saved = await repo.saveDraft(post.id, locale, {
      fields: { title: input.title, slug: input.slug, excerpt: input.excerpt, body: input.body, seoTitle: input.seoTitle ?? null, seoDescription: input.seoDescription ?? null },
      expectedRevisionId: input.expectedRevisionId,
      basedOnRevisionId: locale === post.sourceLocale ? null : input.basedOnRevisionId ?? undefined,
      userId: actor.id,
    });
    return Response.json({ translation: saved });
  });
}

/** A write to a draft, answered 409 with the current version when someone saved since. */
export async function conflictAnswer(write: () => Promise<Response>): Promise<Response> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof RevisionConflictError) {
      return Response.json({ ...errorBody(409, error.message, error.fields), current: error.current }, { status: 409 });
    }
    throw error;
  }
}

/**
 * One publication action on one language, read from a request's body (the Studio's route
 * and the Admin API's): publish, schedule, unpublish, discard, or the review steps.
 */
export async function publicationFromRequest(actor: StudioUser, request: Request, params: { id: string }): Promise<PublicationOutcome> {
  const input = await readJson(request, makePublishInput(new Date()));
  if (input.postId !== parsePostId(params.id)) {
    throw new AppError('VALIDATION', 'The body names another post than the address.', { fields: { postId: ['Does not match the address.'] } });
  }
  return actOnPublication(actor, input);
}
