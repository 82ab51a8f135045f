// The operations of the Admin API (/api/v1/admin/…): an admin key writes drafts and asks
// for review through the Studio's own use cases. Each route serves one of these; the
// OpenAPI document lists them beside the Content API's.
import { z } from 'zod';
import { idParams } from '@/core/content-api/query-schemas';
import { makePublishInput, newPostInput, translationDraftInput } from '@/core/studio/inputs';
import { locales } from '@/core/locales';
import { defineOperation, type ApiOperation } from '@/server/openapi/operation';
import { adminPostAnswer, draftConflictSchema, savedDraftAnswer } from './admin-schemas';

const base = { auth: 'admin', tag: 'Drafts' } as const;
const draftParams = z.strictObject({
  id: idParams.shape.id,
  locale: z.enum(locales).meta({ description: 'The language of the draft.' }),
});

export const adminApiOperations = {
  createPost: defineOperation({
    ...base,
    operationId: 'createDraftPost',
    method: 'post',
    path: '/api/v1/admin/posts',
    summary: 'Start a draft post',
    description: "As the Studio's New post does: a draft in its source language, owned by the key's account and bylined to its author profile. Readers see nothing of it.",
    body: newPostInput,
    ok: { status: 201, description: 'The new post, with its draft and the revision to save from.', schema: adminPostAnswer },
    example: { body: { title: 'From the app', sourceLocale: 'en' } },
  }),
  getPost: defineOperation({
    ...base,
    operationId: 'getDraftPost',
    method: 'get',
    path: '/api/v1/admin/posts/{id}',
    summary: 'A post with its drafts',
    description: "Both languages' drafts, each with the `revisionId` the next save must name, and where each stands (draft, review, published…).",
    params: idParams,
    ok: { status: 200, description: 'The post as the Studio sees it.', schema: adminPostAnswer },
    errors: [404],
    example: { params: { id: '1' } },
  }),
  saveDraft: defineOperation({
    ...base,
    operationId: 'saveDraft',
    method: 'put',
    path: '/api/v1/admin/posts/{id}/translations/{locale}',
    summary: "Save one language's draft",
    description:
      'A new revision of the draft, as the editor saves it. `expectedRevisionId` is the revision you read: if someone saved since, the answer is 409 with their version and nothing is overwritten. The key acts with its account\'s role: a translator\'s key edits translations only, an author\'s only their own posts. Readers see nothing until someone publishes in the Studio.',
    params: draftParams,
    body: translationDraftInput,
    ok: { status: 200, description: 'The saved draft, with its new revisionId.', schema: savedDraftAnswer },
    errors: [404, 409],
    errorBodies: { 409: draftConflictSchema },
    example: {
      params: { id: '1', locale: 'en' },
      body: { postId: 1, locale: 'en', title: 'From the app', slug: '', excerpt: '', body: 'Written **elsewhere**.', expectedRevisionId: 1, basedOnRevisionId: null },
    },
  }),
  requestReview: defineOperation({
    ...base,
    operationId: 'requestReview',
    method: 'post',
    path: '/api/v1/admin/posts/{id}/publication',
    summary: 'Ask for review of a draft',
    description:
      "The Studio's publication action, of which a key may use `submit-review` only: publishing, scheduling, unpublishing and reviewing stay with people in the Studio (403, reason `api-key-scope`).",
    params: idParams,
    body: makePublishInput(new Date()),
    ok: { status: 200, description: 'The post, its language now waiting for review.', schema: adminPostAnswer },
    errors: [404],
    example: { params: { id: '1' }, body: { postId: 1, locale: 'en', action: 'submit-review', note: 'Ready for a look.' } },
  }),
} satisfies Record<string, ApiOperation>;

export const adminApiTags = [
  { name: 'Drafts', description: 'With an admin key: start posts, save drafts and ask for review, under the same rules as the Studio. Publishing stays in the Studio.' },
];
