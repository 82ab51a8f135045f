// The post editor's inputs: saving one language's draft, the fields a post shares across
// its languages (tags, cover, media), and publishing one language now, later or no more.
import { z } from 'zod';
import { booleanField, dateTimeField, localeField, perLocale, recordId, revisionNumber, slugField } from './fields';
import { blockText, lineText, optionalLineText } from './text-field';
import { newsletterField } from '@/core/newsletters/send-request';

/** The Markdown parser slows down on huge crafted input; no real article comes near this. */
export const maxBodyLength = 200_000;
export const maxTagsPerPost = 50;

/** A new post: its title in the language it is written in (the Studio's form, the Admin API). */
export const newPostInput = z.strictObject({ title: lineText(300), sourceLocale: localeField });
export type NewPostInput = z.infer<typeof newPostInput>;

/**
 * One language of a post as the editor saves it (autosave too). `expectedRevisionId` is
 * the revision the editor loaded: if the translation has moved on since, the save is a
 * 409 instead of overwriting someone else's work. `basedOnRevisionId` is the source
 * revision a translation was made from (null for the source language itself).
 */
export const translationDraftInput = z
  .strictObject({
    postId: recordId.optional(),
    locale: localeField,
    title: lineText(300),
    // Empty: the server derives it from the title (a draft's address follows its title).
    slug: slugField(undefined, { mayBeEmpty: true }),
    excerpt: blockText(1000),
    body: blockText(maxBodyLength),
    seoTitle: optionalLineText(300).nullable().optional(),
    seoDescription: optionalLineText(500).nullable().optional(),
    expectedRevisionId: revisionNumber.nullable(),
    basedOnRevisionId: recordId.nullable(),
  })
  .refine((input) => input.postId !== undefined || input.expectedRevisionId === null, {
    message: 'A new post has no revision yet: must be null.',
    path: ['expectedRevisionId'],
  });
export type TranslationDraftInput = z.infer<typeof translationDraftInput>;

const optionalMediaId = recordId.nullable();

/** What a post shares across its languages. */
export const postMetaInput = z.strictObject({
  postId: recordId,
  tagIds: z
    .array(recordId, { error: 'Must be a list of tags.' })
    .max(maxTagsPerPost, `Must have at most ${maxTagsPerPost} tags.`)
    .superRefine((ids, ctx) => {
      const seen = new Set<number>();
      ids.forEach((id, index) => {
        if (seen.has(id)) ctx.addIssue({ code: 'custom', message: 'This tag is already on the post.', path: [index] });
        seen.add(id);
      });
    }),
  coverMediaId: optionalMediaId,
  featured: booleanField,
  /** The narration audio of each language; null removes it. */
  narration: perLocale(optionalMediaId),
  videoMediaId: optionalMediaId,
  /** The subtitle track of each language for the video; null removes it. */
  subtitleMediaIds: perLocale(optionalMediaId),
});
export type PostMetaInput = z.infer<typeof postMetaInput>;

export const publishActions = ['publish', 'schedule', 'cancel-schedule', 'unpublish', 'discard', 'submit-review', 'approve', 'return'] as const;
export type PublishAction = (typeof publishActions)[number];

const publishTarget = { postId: recordId, locale: localeField };
/** The draft revision the person was shown: what they publish, or a 409 if it moved on. */
const shownRevision = { revisionId: revisionNumber.optional() };

/** A note to or from a reviewer: a few lines, optional. */
const reviewNote = blockText(2000).optional().default('');

/**
 * Publishing one language and the review that leads there: publish (or update what is
 * live) now or at a time, cancel a schedule, unpublish, discard the draft's changes,
 * submit the draft for review, approve it or send it back with a note. Publishing and
 * approving name the revision the person was shown (`src/core/publishing/`). A schedule's time
 * must lie ahead of `now`: the schema is made per request with the server's clock (the
 * form makes its own with the browser's, which only helps the writer).
 */
export function makePublishInput(now: Date) {
  return z.discriminatedUnion(
    'action',
    [
      z.strictObject({ ...publishTarget, ...shownRevision, action: z.literal('publish'), newsletter: newsletterField.optional() }),
      z.strictObject({ ...publishTarget, action: z.literal('unpublish') }),
      z.strictObject({
        ...publishTarget,
        ...shownRevision,
        action: z.literal('schedule'),
        newsletter: newsletterField.optional(),
        publishAt: dateTimeField.refine((at) => Date.parse(at) > now.getTime(), 'Must be in the future.'),
      }),
      z.strictObject({ ...publishTarget, action: z.literal('cancel-schedule') }),
      z.strictObject({ ...publishTarget, action: z.literal('discard') }),
      z.strictObject({ ...publishTarget, action: z.literal('submit-review'), note: reviewNote }),
      // The reviewer approves the revision they read, never one saved after it.
      z.strictObject({ ...publishTarget, action: z.literal('approve'), revisionId: revisionNumber }),
      z.strictObject({ ...publishTarget, action: z.literal('return'), note: reviewNote }),
    ],
    { error: `Must be one of: ${publishActions.join(', ')}.` },
  );
}
export type PublishInput = z.infer<ReturnType<typeof makePublishInput>>;
