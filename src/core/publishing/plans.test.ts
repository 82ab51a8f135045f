// Every publishing rule as a function from a language's state to a plan: which steps the
// database applies and which events say what changed, without a database.
import { describe, expect, it } from 'vitest';
import { approveReview } from './approve-review';
import { discardChanges } from './discard-changes';
import { changesWhatReadersSee } from './events';
import { permissionFor, planPublication } from './plan-publication';
import { publishText } from './publish-text';
import { returnReview } from './return-review';
import { runScheduled } from './run-scheduled';
import { cancelSchedule, scheduleText } from './schedule-text';
import { submitForReview } from './submit-for-review';
import type { TextState } from './text-state';
import { unpublishText } from './unpublish-text';

/** A Chinese source (revision 10) with its English translation, nothing live yet. */
function state(overrides: Partial<TextState> = {}): TextState {
  const draftRevision = overrides.draft?.revisionId ?? 10;
  return {
    postId: 7,
    locale: 'zh',
    sourceLocale: 'zh',
    translationId: 70,
    draft: { revisionId: 10, basedOnRevisionId: null, publishAt: null, scheduledRevisionId: null },
    live: null,
    review: null,
    sourceLiveRevisionId: null,
    translation: null,
    foreignImages: new Map([[draftRevision, []]]),
    ...overrides,
  };
}
const live = (revisionId: number) => ({ revisionId, basedOnRevisionId: null, slug: 'shuang-sheng', title: '双声' });
const pending = (revisionId: number, submittedRevisionId = revisionId) => ({ id: 3, state: 'pending' as const, revisionId, submittedRevisionId });
const about = { postId: 7, locale: 'zh' as const };

describe('publishText', () => {
  it('publishes a draft for the first time', () => {
    expect(publishText(state(), { actorId: 'ed' })).toEqual({
      kind: 'apply',
      steps: [{ do: 'go-live', revisionId: 10 }],
      events: [{ ...about, type: 'published', revisionId: 10, by: 'person' }],
    });
  });

  it('updates a live text, and leaves the translation behind the first time only', () => {
    const behind = state({ draft: { revisionId: 12, basedOnRevisionId: null, publishAt: null, scheduledRevisionId: null }, live: live(10), translation: { basedOnRevisionId: 10, isLive: true } });
    expect(publishText(behind, { actorId: 'ed' })).toMatchObject({
      events: [
        { ...about, type: 'updated', revisionId: 12 },
        { postId: 7, locale: 'en', type: 'outdated' },
      ],
    });
    const alreadyBehind = { ...behind, translation: { basedOnRevisionId: 8, isLive: true } };
    expect(publishText(alreadyBehind, { actorId: 'ed' })).toMatchObject({ events: [{ type: 'updated' }] });
  });

  it('changes nothing when the draft is what readers already see', () => {
    expect(publishText(state({ live: live(10) }), { actorId: 'ed' })).toEqual({ kind: 'apply', steps: [], events: [] });
  });

  it('refuses a draft that moved since the person was shown it', () => {
    expect(() => publishText(state(), { actorId: 'ed', revisionId: 9 })).toThrow(expect.objectContaining({ code: 'CONFLICT', reason: 'draft-changed', details: { shown: { revisionId: 9 }, current: { revisionId: 10 } } }));
  });

  it('refuses images from other sites, naming each, and asks for a rendering it does not have', () => {
    const foreign = state({ foreignImages: new Map([[10, ['https://lh7-rt.googleusercontent.com/a.png']]]) });
    expect(() => publishText(foreign, { actorId: 'ed' })).toThrow(
      expect.objectContaining({ reason: 'foreign-images', fields: { body: ['Not in the media library: https://lh7-rt.googleusercontent.com/a.png'] } }),
    );
    expect(publishText(state({ foreignImages: new Map() }), { actorId: 'ed' })).toEqual({ kind: 'render', revisionId: 10 });
  });

  it('settles a pending request and gives way over a schedule', () => {
    const plan = publishText(state({ review: pending(10), draft: { revisionId: 10, basedOnRevisionId: null, publishAt: '2030-01-01T00:00:00.000Z', scheduledRevisionId: 10 } }), { actorId: 'ed' });
    expect(plan).toMatchObject({
      steps: [{ do: 'go-live' }, { do: 'clear-schedule' }, { do: 'close-review', reviewId: 3, outcome: 'approved', decidedBy: 'ed' }],
      events: [{ type: 'published' }, { type: 'review-approved', revisionId: 10 }],
    });
  });
});

describe('approveReview', () => {
  it('publishes exactly the revision the reviewer was shown', () => {
    expect(approveReview(state({ review: pending(10, 9) }), { actorId: 'ed', revisionId: 10 })).toEqual({
      kind: 'apply',
      steps: [{ do: 'go-live', revisionId: 10 }, { do: 'close-review', reviewId: 3, outcome: 'approved', decidedBy: 'ed' }],
      events: [
        { ...about, type: 'published', revisionId: 10, by: 'person' },
        { ...about, type: 'review-approved', revisionId: 10 },
      ],
    });
  });

  it('refuses when the request moved on to a later save, with both states', () => {
    expect(() => approveReview(state({ review: pending(12, 10) }), { actorId: 'ed', revisionId: 10 })).toThrow(
      expect.objectContaining({ reason: 'review-changed', details: { shown: { revisionId: 10 }, current: { state: 'pending', revisionId: 12, submittedRevisionId: 10 } } }),
    );
  });

  it('refuses when the request was settled meanwhile, or never made', () => {
    for (const settled of ['returned', 'withdrawn', 'approved'] as const) {
      expect(() => approveReview(state({ review: { ...pending(10), state: settled } }), { actorId: 'ed', revisionId: 10 })).toThrow(
        expect.objectContaining({ reason: 'no-review', details: { shown: { revisionId: 10 }, current: { state: settled, revisionId: 10, submittedRevisionId: 10 } } }),
      );
    }
    expect(() => approveReview(state(), { actorId: 'ed', revisionId: 10 })).toThrow(expect.objectContaining({ reason: 'no-review' }));
  });

  it('renders an older submitted revision before it may go live', () => {
    expect(approveReview(state({ review: pending(8) }), { actorId: 'ed', revisionId: 8 })).toEqual({ kind: 'render', revisionId: 8 });
    const rendered = state({ review: pending(8), foreignImages: new Map([[10, []], [8, []]]) });
    expect(approveReview(rendered, { actorId: 'ed', revisionId: 8 })).toMatchObject({ steps: [{ do: 'go-live', revisionId: 8 }, { do: 'close-review' }] });
  });
});

describe('submitForReview and returnReview', () => {
  it('opens a request for the draft, replacing a pending one', () => {
    expect(submitForReview(state({ review: pending(9) }), { actorId: 'tr', note: '请看' })).toEqual({
      kind: 'apply',
      steps: [
        { do: 'close-review', reviewId: 3, outcome: 'withdrawn', decidedBy: 'tr' },
        { do: 'open-review', revisionId: 10, note: '请看', requestedBy: 'tr' },
      ],
      events: [
        { ...about, type: 'review-withdrawn' },
        { ...about, type: 'review-submitted', revisionId: 10 },
      ],
    });
  });

  it('tells the writer now when a reviewer could not publish it', () => {
    expect(() => submitForReview(state({ foreignImages: new Map([[10, ['https://x.example/a.png']]]) }), { actorId: 'tr', note: '' })).toThrow(expect.objectContaining({ reason: 'foreign-images' }));
  });

  it('sends back only a pending request', () => {
    expect(returnReview(state({ review: pending(10) }), { actorId: 'ed', note: '第二段' })).toMatchObject({
      steps: [{ do: 'close-review', outcome: 'returned', note: '第二段' }],
      events: [{ type: 'review-returned' }],
    });
    expect(() => returnReview(state(), { actorId: 'ed', note: '' })).toThrow(expect.objectContaining({ reason: 'no-review' }));
  });
});

describe('schedules', () => {
  const at = '2030-05-01T08:00:00.000Z';
  it('pins the draft as it is now, and cancels', () => {
    expect(scheduleText(state(), { publishAt: at })).toEqual({
      kind: 'apply',
      steps: [{ do: 'schedule', publishAt: at, revisionId: 10 }],
      events: [{ ...about, type: 'scheduled', revisionId: 10, publishAt: at }],
    });
    const scheduled = state({ draft: { revisionId: 10, basedOnRevisionId: null, publishAt: at, scheduledRevisionId: 10 } });
    expect(cancelSchedule(scheduled)).toMatchObject({ steps: [{ do: 'clear-schedule' }], events: [{ type: 'schedule-cancelled' }] });
    expect(cancelSchedule(state())).toEqual({ kind: 'apply', steps: [], events: [] });
  });

  it('runs the pinned revision when due, nothing before or after', () => {
    const scheduled = state({ draft: { revisionId: 12, basedOnRevisionId: null, publishAt: at, scheduledRevisionId: 10 }, foreignImages: new Map([[12, []], [10, []]]) });
    expect(runScheduled(scheduled, { now: new Date('2030-05-01T07:59:59Z') })).toEqual({ kind: 'apply', steps: [], events: [] });
    expect(runScheduled(scheduled, { now: new Date('2030-05-01T08:00:00Z') })).toEqual({
      kind: 'apply',
      steps: [{ do: 'clear-schedule' }, { do: 'go-live', revisionId: 10 }],
      events: [{ ...about, type: 'published', revisionId: 10, by: 'schedule' }],
    });
    expect(runScheduled(state(), { now: new Date('2030-05-02T00:00:00Z') })).toEqual({ kind: 'apply', steps: [], events: [] });
  });
});

describe('unpublish and discard', () => {
  it('takes a live text off the site with the address readers knew', () => {
    expect(unpublishText(state({ live: live(10) }))).toEqual({
      kind: 'apply',
      steps: [{ do: 'go-offline' }],
      events: [{ ...about, type: 'unpublished', slug: 'shuang-sheng', title: '双声' }],
    });
    expect(unpublishText(state())).toEqual({ kind: 'apply', steps: [], events: [] });
  });

  it('discards back to the live text, withdrawing the request about the changes', () => {
    expect(discardChanges(state({ live: live(9), review: pending(10) }), { actorId: 'ed' })).toMatchObject({
      steps: [{ do: 'reset-draft-to-live' }, { do: 'close-review', outcome: 'withdrawn' }],
      events: [{ type: 'discarded' }, { type: 'review-withdrawn' }],
    });
    expect(() => discardChanges(state(), { actorId: 'ed' })).toThrow(expect.objectContaining({ reason: 'not-published' }));
  });
});

describe('planPublication', () => {
  it('asks for the update permission over a live text', () => {
    expect(permissionFor({ postId: 7, locale: 'zh', action: 'publish' }, false)).toBe('post.publish');
    expect(permissionFor({ postId: 7, locale: 'zh', action: 'publish' }, true)).toBe('post.update');
    expect(permissionFor({ postId: 7, locale: 'zh', action: 'approve', revisionId: 10 }, true)).toBe('post.review');
  });

  it('routes each action to its use case, and only reader-visible events need pages revalidated', () => {
    const approved = planPublication(state({ review: pending(10) }), { postId: 7, locale: 'zh', action: 'approve', revisionId: 10 }, 'ed');
    expect(approved.kind === 'apply' && changesWhatReadersSee(approved.events)).toBe(true);
    const submitted = planPublication(state(), { postId: 7, locale: 'zh', action: 'submit-review', note: '' }, 'tr');
    expect(submitted.kind === 'apply' && changesWhatReadersSee(submitted.events)).toBe(false);
  });
});
